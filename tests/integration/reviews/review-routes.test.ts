// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FormActionResult } from "~/lib/forms";
import * as layout from "~/routes/admin/layout";
import * as reviewsPage from "~/routes/admin/reviews";
import * as reviewsExport from "~/routes/admin/reviews-export";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { addVariant, setUpShop } from "../orders/fixtures";
import { auditOf, figuresOf, insertReview, reviewOf } from "./review-fixtures";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let productId = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  const shop = await setUpShop();
  productId = (await addVariant(shop, { priceCents: 300_000, stock: 1 })).productId;
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

type Page = Awaited<ReturnType<typeof reviewsPage.loader>>;

async function list(cookie: string, query = "") {
  const { returned, thrown } = await routeOutcome(
    reviewsPage.loader,
    shopRequest(`/admin/reviews${query}`, { cookie }),
    {},
  );
  return { page: returned as Page, thrown };
}

/** Posts the Reviews page's form as `cookie`: the answer's status and body. */
async function post(fields: Record<string, string>, cookie: string) {
  const { returned, thrown } = await routeOutcome(
    reviewsPage.action,
    formRequest("/admin/reviews", fields, cookie),
    {},
  );
  const answer = returned ?? thrown;
  return {
    status: statusOf(answer),
    thrown,
    body: ((answer as { data?: unknown }).data ?? answer) as FormActionResult,
  };
}

const pending = () => insertReview(productId, { rating: 5 });
async function published() {
  const review = await pending();
  expect((await post({ intent: "publish", id: String(review.id) }, cookies.staff)).status).toBe(
    200,
  );
  return review;
}

describe("the Reviews page for each role", () => {
  it("lists the reviews for staff and the owner; only the owner may feature", async () => {
    const review = await pending();
    for (const [role, canFeature] of [
      ["staff", false],
      ["owner", true],
    ] as const) {
      const { page } = await list(cookies[role], "?status=pending");
      expect(page.canFeature).toBe(canFeature);
      expect(page.rows.map((r) => r.id)).toContain(review.id);
      expect(page.summary.pending).toBeGreaterThanOrEqual(1);
    }
  });

  it("sends a visitor to sign in and refuses a customer with 403", async () => {
    const out = await list("");
    expect((out.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    expect(statusOf((await list(cookies.customer)).thrown)).toBe(403);
  });

  it("reads a malformed address as the defaults, and refuses a NUL with 400", async () => {
    const { page, thrown } = await list(
      cookies.staff,
      "?status=nonsense&rating=6&sort=nonsense&dir=up&page=-3&q=%25_%5C",
    );
    expect(thrown).toBeUndefined();
    expect(page.params).toMatchObject({ status: "all", sort: "queue", direction: "desc", page: 1 });
    expect(page.rows).toEqual([]);
    expect(statusOf((await list(cookies.staff, "?status=%00")).thrown)).toBe(400);
  });

  it("counts the pending reviews beside Reviews in the sidebar", async () => {
    const { returned } = await routeOutcome(
      layout.loader,
      shopRequest("/admin/reviews", { cookie: cookies.staff }),
      {},
    );
    const { counts } = returned as { counts: Record<string, number> };
    const { page } = await list(cookies.staff, "?status=pending");
    expect(counts["/admin/reviews"]).toBe(page.total);
    expect(page.total).toBeGreaterThan(0);
  });
});

describe("each intent for each role", () => {
  it("refuses a visitor and a customer every intent, and changes nothing", async () => {
    const review = await pending();
    const id = String(review.id);
    const attempts: Record<string, string>[] = [
      { intent: "publish", id },
      { intent: "reject", id, reason: "Spam." },
      { intent: "reply", id, reply: "Thanks" },
      { intent: "feature", id },
      { intent: "unfeature", id },
    ];
    for (const fields of attempts) {
      const out = await post(fields, "");
      expect((out.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
      expect((await post(fields, cookies.customer)).status).toBe(403);
    }
    expect(await reviewOf(review.id)).toMatchObject({ status: "pending", reply: "" });
    expect(await auditOf(review.id)).toEqual([]);
  });

  it("staff and the owner publish: the product's figures count it", async () => {
    for (const role of ["staff", "owner"] as const) {
      const review = await pending();
      const before = await figuresOf(productId);
      const answer = await post({ intent: "publish", id: String(review.id) }, cookies[role]);
      expect(answer).toMatchObject({
        status: 200,
        body: { ok: true, message: { title: "Review Published" } },
      });
      expect((await figuresOf(productId)).reviewCount).toBe(before.reviewCount + 1);
    }
  });

  it("staff and the owner reject with a reason, which is e-mailed", async () => {
    for (const role of ["staff", "owner"] as const) {
      const review = await pending();
      const answer = await post(
        { intent: "reject", id: String(review.id), reason: "Off topic." },
        cookies[role],
      );
      expect(answer).toMatchObject({
        status: 200,
        body: { ok: true, message: { title: "Review Rejected" } },
      });
      expect(await reviewOf(review.id)).toMatchObject({
        status: "rejected",
        rejectReason: "Off topic.",
      });
    }
    expect(smtp.received).toHaveLength(2);
  });

  it("staff and the owner reply, and remove the reply", async () => {
    const review = await pending();
    const id = String(review.id);
    const saved = await post({ intent: "reply", id, reply: "Thank you!" }, cookies.staff);
    expect(saved.body).toMatchObject({ ok: true, message: { title: "Reply Saved" } });
    expect((await reviewOf(review.id)).reply).toBe("Thank you!");
    const removed = await post({ intent: "reply", id, reply: "" }, cookies.owner);
    expect(removed.body).toMatchObject({ ok: true, message: { title: "Reply Removed" } });
    expect((await reviewOf(review.id)).reply).toBe("");
  });

  it("lets the owner feature and unfeature, and refuses staff with 403", async () => {
    const review = await published();
    const id = String(review.id);
    const refused = await post({ intent: "feature", id }, cookies.staff);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        ok: false,
        alert: { description: "Only the owner chooses the reviews the home page features." },
      },
    });
    expect((await reviewOf(review.id)).featured).toBe(false);
    expect((await post({ intent: "feature", id }, cookies.owner)).body).toMatchObject({
      ok: true,
      message: { title: "Review Featured" },
    });
    expect((await reviewOf(review.id)).featured).toBe(true);
    expect((await post({ intent: "unfeature", id }, cookies.staff)).status).toBe(403);
    expect((await post({ intent: "unfeature", id }, cookies.owner)).status).toBe(200);
    expect((await reviewOf(review.id)).featured).toBe(false);
  });
});

describe("bad input", () => {
  it("refuses a rejection without a reason by the field, keeping the review pending", async () => {
    const review = await pending();
    const answer = await post(
      { intent: "reject", id: String(review.id), reason: "  " },
      cookies.staff,
    );
    expect(answer).toMatchObject({
      status: 400,
      body: {
        ok: false,
        fieldErrors: { reason: "Say why the review is rejected: its writer is told." },
        values: { reason: "  " },
      },
    });
    const missing = await post({ intent: "reject", id: String(review.id) }, cookies.staff);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ fieldErrors: { reason: expect.any(String) } });
    expect((await reviewOf(review.id)).status).toBe("pending");
    expect(smtp.received).toEqual([]);
  });

  it("refuses a reason or a reply that is too long, keeping what was typed", async () => {
    const review = await pending();
    const id = String(review.id);
    const reason = await post({ intent: "reject", id, reason: "r".repeat(501) }, cookies.staff);
    expect(reason).toMatchObject({
      status: 400,
      body: { fieldErrors: { reason: "Keep the reason under 500 characters." } },
    });
    const long = "y".repeat(2001);
    const reply = await post({ intent: "reply", id, reply: long }, cookies.staff);
    expect(reply).toMatchObject({
      status: 400,
      body: {
        fieldErrors: { reply: "Keep the reply under 2,000 characters." },
        values: { reply: long },
      },
    });
    expect(await reviewOf(review.id)).toMatchObject({ status: "pending", reply: "" });
  });

  it("refuses a move the review's status does not allow with 400 and says why", async () => {
    const review = await published();
    const again = await post({ intent: "publish", id: String(review.id) }, cookies.staff);
    expect(again).toMatchObject({
      status: 400,
      body: { ok: false, alert: { description: "A published review cannot be published again." } },
    });
    const draft = await pending();
    const feature = await post({ intent: "feature", id: String(draft.id) }, cookies.owner);
    expect(feature).toMatchObject({
      status: 400,
      body: { alert: { description: "Only a published review can be featured on the home page." } },
    });
  });

  it("refuses an unknown intent, a missing id, an id past the integer and one no review has", async () => {
    expect((await post({ intent: "delete", id: "1" }, cookies.staff)).status).toBe(400);
    expect((await post({ intent: "publish" }, cookies.staff)).status).toBe(400);
    expect((await post({ intent: "publish", id: "abc" }, cookies.staff)).status).toBe(400);
    expect((await post({ intent: "publish", id: "3000000000" }, cookies.staff)).status).toBe(400);
    const missing = await post({ intent: "publish", id: "424242" }, cookies.staff);
    expect(missing).toMatchObject({
      status: 404,
      body: { ok: false, alert: { description: "That review no longer exists." } },
    });
    expect(JSON.stringify(missing.body)).not.toMatch(/at .*\.ts|Error:/);
  });
});

describe("the Reviews CSV", () => {
  it("exports what the list shows, whole words and all, for staff and the owner", async () => {
    await insertReview(productId, {
      rating: 2,
      title: "Export me",
      body: "A long review, with a comma, that the list cuts short but the file keeps whole.",
      displayName: "Sipho from Zeerust",
      status: "rejected",
      rejectReason: "Off topic",
    });
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { returned } = await routeOutcome(
        reviewsExport.loader,
        shopRequest("/admin/reviews/export?status=rejected&rating=2", { cookie }),
        {},
      );
      const response = returned as Response;
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const text = await response.text();
      expect(text).toContain(
        "Written,Product,Rating,Title,Review,Name Shown,Verified Buyer,Status",
      );
      expect(text).toContain(
        '"A long review, with a comma, that the list cuts short but the file keeps whole."',
      );
      expect(text).toContain("Sipho from Zeerust,yes,rejected,Off topic");
      expect(text.trim().split("\n")).toHaveLength(2);
    }
  });
});
