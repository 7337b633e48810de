// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { products, reviewOptOuts, reviews, storeSettings } from "~/db/schema";
import { publishReview } from "~/domain/reviews/moderate-review.server";
import { RATING_MESSAGE } from "~/domain/reviews/review-limits";
import { NOT_A_BUYER_MESSAGE } from "~/domain/reviews/review-messages";
import { afterSignIn } from "~/lib/shopper-gate.server";
import * as root from "~/root";
import * as storeLayout from "~/routes/store/layout";
import * as productReview from "~/routes/store/product-review";
import * as stop from "~/routes/store/review-stop";
import * as write from "~/routes/store/review-write";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { startSmtpServer } from "../../setup/smtp";
import { documentRequests } from "../admin/document-requests";
import {
  BASE_URL,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { addVariant, setUpShop } from "../orders/fixtures";
import {
  completedOrder,
  productFigures,
  runInvitationsAfter,
  stopTokenIn,
  writeTokensIn,
} from "./write-fixtures";

useTestDatabase();

type Who = "signed out" | "customer" | "staff" | "owner";
const cookies: Record<Who, string> = { "signed out": "", customer: "", staff: "", owner: "" };
const users: Record<string, { id: string; email: string }> = {};
let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;
let slug: string;
let productId: number;
let bed: { productId: number; variantId: number };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "review-routes-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  for (const role of ["customer", "staff", "owner"] as const) {
    const who = await signedIn(role);
    cookies[role] = who.cookie;
    users[role] = { id: who.user.id, email: who.email };
  }
  bed = await addVariant(shop, { priceCents: 250_000, stock: 10 });
  productId = bed.productId;
  const [product] = await db()
    .select({ slug: products.slug })
    .from(products)
    .where(eq(products.id, productId));
  slug = product!.slug;
});
beforeEach(() => {
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  delete process.env.FORM_RATE_LIMIT;
  delete process.env.SMTP_URL;
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const ROLES: Who[] = ["signed out", "customer", "staff", "owner"];
const GOOD = { rating: "4", title: "Comfortable", body: "Good value.", displayName: "Naledi" };

/** A completed order's invitation: its write tokens and its stop token. */
async function invitation() {
  const made = await completedOrder(shop);
  await runInvitationsAfter(8);
  const subject = new RegExp(`rder ${made.order.number}\\??$`);
  const mail = smtp.received.find((m) => subject.test(m.subject))!;
  return { ...made, tokens: writeTokensIn(mail.text), stopToken: stopTokenIn(mail.text) };
}

const reviewPath = () => `/products/${slug}/review`;
function reviewPost(fields: Record<string, string>, cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return shopRequest(reviewPath(), { method: "POST", body, cookie });
}
const setNonBuyers = (on: boolean) =>
  db().update(storeSettings).set({ reviewsFromNonBuyers: on }).where(eq(storeSettings.id, 1));
const reviewsOfProduct = () => db().select().from(reviews).where(eq(reviews.productId, productId));

describe("/reviews/write/:token and /reviews/stop/:token, whoever is signed in", () => {
  it.each(ROLES)(
    "%s: a sent link opens its form and its opt-out; a forged one is a 404",
    async (who) => {
      const { tokens, stopToken } = await invitation();
      const cookie = cookies[who] || undefined;
      const token = tokens[0]!;
      const open = await routeOutcome(
        write.loader,
        shopRequest(`/reviews/write/${token}`, { cookie }),
        { token },
      );
      expect(statusOf(open.returned)).toBe(200);
      expect(open.returned).toMatchObject({ state: "open" });
      const forged = "b".repeat(43);
      const refused = await routeOutcome(
        write.loader,
        shopRequest(`/reviews/write/${forged}`, { cookie }),
        { token: forged },
      );
      expect(statusOf(refused.returned)).toBe(404);
      const confirm = await routeOutcome(
        stop.loader,
        shopRequest(`/reviews/stop/${stopToken}`, { cookie }),
        { token: stopToken },
      );
      expect(confirm.returned).toMatchObject({ state: "found", optedOut: false });
      const stopForged = await routeOutcome(
        stop.loader,
        shopRequest(`/reviews/stop/${forged}`, { cookie }),
        { token: forged },
      );
      expect(statusOf(stopForged.returned)).toBe(404);
    },
  );

  it("the opt-out's page changes nothing; its button records the order's address", async () => {
    const { stopToken } = await invitation();
    await routeOutcome(stop.loader, shopRequest(`/reviews/stop/${stopToken}`), {
      token: stopToken,
    });
    expect(await db().select().from(reviewOptOuts)).toEqual([]);
    const { returned } = await routeOutcome(
      stop.action,
      formRequest(`/reviews/stop/${stopToken}`, {}),
      { token: stopToken },
    );
    expect(returned).toMatchObject({ ok: true, message: { title: "You will not be asked again" } });
    expect((await db().select().from(reviewOptOuts)).map((r) => r.email)).toEqual([
      "thandi@example.com",
    ]);
    const again = await routeOutcome(stop.loader, shopRequest(`/reviews/stop/${stopToken}`), {
      token: stopToken,
    });
    expect(again.returned).toMatchObject({ optedOut: true });
    const forged = "c".repeat(43);
    const refused = await routeOutcome(stop.action, formRequest(`/reviews/stop/${forged}`, {}), {
      token: forged,
    });
    expect(statusOf(refused.returned)).toBe(404);
    await db().delete(reviewOptOuts);
  });
});

/** The review-link page as React Router serves it: the action, then every loader, one answer. */
const reviewLinkPages = documentRequests([
  { id: "root", path: "", module: root },
  { id: "routes/store/layout", parentId: "root", module: storeLayout },
  {
    id: "routes/store/review-write",
    parentId: "routes/store/layout",
    path: "reviews/write/:token",
    module: write,
  },
]);

describe("/reviews/write/:token as a page, without JavaScript", () => {
  const page = async (token: string, form?: Record<string, string>) => {
    let body: FormData | undefined;
    if (form) {
      body = new FormData();
      for (const [name, value] of Object.entries(form)) body.append(name, value);
    }
    const answer = await reviewLinkPages(
      new Request(`${BASE_URL}/reviews/write/${token}`, {
        method: form ? "POST" : "GET",
        headers: form ? { origin: BASE_URL } : {},
        body,
      }),
      { clientAddress: "192.0.2.60", requestId: "test" },
    );
    const data = (await answer.json()) as {
      loaderData: Record<string, unknown>;
      actionData: Record<string, unknown> | null;
    };
    return { status: answer.status, data };
  };

  it("answers a review written 200 with the thank-you; the spent link 410 when visited later", async () => {
    const { tokens } = await invitation();
    const token = tokens[0]!;
    const reviewCount = () => db().$count(reviews);
    const before = await reviewCount();
    expect((await page(token)).status).toBe(200);
    const written = await page(token, GOOD);
    expect(written.status).toBe(200);
    expect(written.data.actionData?.["routes/store/review-write"]).toMatchObject({
      ok: true,
      message: { title: "Thank you for your review" },
    });
    const later = await page(token);
    expect(later.status).toBe(410);
    expect(later.data.loaderData["routes/store/review-write"]).toMatchObject({ state: "used" });
    // Posted again, the spent link writes nothing and says so.
    const again = await page(token, GOOD);
    expect(again.status).toBe(409);
    expect(await reviewCount()).toBe(before + 1);
    expect((await page("e".repeat(43))).status).toBe(404);
  });
});

describe("/products/:slug/review", () => {
  it("sends a signed-out visitor to sign in, and back to the form after", async () => {
    for (const handler of [productReview.loader, productReview.action]) {
      const request =
        handler === productReview.loader ? shopRequest(reviewPath()) : reviewPost(GOOD, "");
      const { thrown } = await routeOutcome(handler, request, { slug });
      expect(statusOf(thrown)).toBe(302);
      expect((thrown as Response).headers.get("location")).toBe(
        `/account/sign-in?next=${encodeURIComponent(reviewPath())}`,
      );
    }
    expect(afterSignIn(reviewPath())).toBe(reviewPath());
    expect(afterSignIn("https://elsewhere.example/products/x/review")).toBe("/account");
  });

  it.each(["customer", "staff", "owner"] as const)(
    "%s who did not buy it: refused with a 403 page while the setting is off, nothing saved",
    async (who) => {
      const { returned } = await routeOutcome(
        productReview.loader,
        shopRequest(reviewPath(), { cookie: cookies[who] }),
        { slug },
      );
      expect(statusOf(returned)).toBe(403);
      expect((returned as { data: unknown }).data).toEqual({
        state: "refused",
        message: NOT_A_BUYER_MESSAGE,
      });
      const posted = await routeOutcome(productReview.action, reviewPost(GOOD, cookies[who]), {
        slug,
      });
      expect(statusOf(posted.returned)).toBe(403);
      expect(await reviewsOfProduct()).toEqual([]);
    },
  );

  it("a shopper who did not buy it may review when the setting is on: pending, not verified", async () => {
    await setNonBuyers(true);
    try {
      const { returned } = await routeOutcome(
        productReview.loader,
        shopRequest(reviewPath(), { cookie: cookies.staff }),
        { slug },
      );
      expect(returned).toMatchObject({ state: "open", own: null, line: null });
      const posted = await routeOutcome(productReview.action, reviewPost(GOOD, cookies.staff), {
        slug,
      });
      expect(posted.returned).toMatchObject({ ok: true });
      const [review] = await reviewsOfProduct();
      expect(review).toMatchObject({
        status: "pending",
        verifiedBuyer: false,
        orderLineId: null,
        userId: users.staff!.id,
      });
    } finally {
      await setNonBuyers(false);
      await db().delete(reviews).where(eq(reviews.productId, productId));
    }
  });

  it("a buyer writes a verified review of their line, then changes it: back to pending, off the page", async () => {
    const buyer = await signedIn("customer");
    const { order } = await completedOrder(shop, {
      products: [bed],
      customerUserId: buyer.user.id,
    });
    const page = await routeOutcome(
      productReview.loader,
      shopRequest(reviewPath(), { cookie: buyer.cookie }),
      { slug },
    );
    expect(page.returned).toMatchObject({ state: "open", own: null, line: { orderId: order.id } });

    const bad = await routeOutcome(
      productReview.action,
      reviewPost({ ...GOOD, rating: "" }, buyer.cookie),
      { slug },
    );
    expect(statusOf(bad.returned)).toBe(400);
    expect(
      (bad.returned as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors.rating,
    ).toBe(RATING_MESSAGE);
    expect(await reviewsOfProduct()).toEqual([]);

    await routeOutcome(productReview.action, reviewPost(GOOD, buyer.cookie), { slug });
    const [written] = await reviewsOfProduct();
    expect(written).toMatchObject({
      status: "pending",
      verifiedBuyer: true,
      orderId: order.id,
      rating: 4,
    });
    expect(written!.orderLineId).not.toBeNull();

    await publishReview({ id: written!.id, actor: users.staff! });
    expect(await productFigures(productId)).toMatchObject({ reviewCount: 1, rating: 4 });
    const edit = await routeOutcome(
      productReview.loader,
      shopRequest(reviewPath(), { cookie: buyer.cookie }),
      { slug },
    );
    expect(edit.returned).toMatchObject({ own: { id: written!.id, status: "published" } });
    const changed = await routeOutcome(
      productReview.action,
      reviewPost({ ...GOOD, rating: "2" }, buyer.cookie),
      { slug },
    );
    expect(changed.returned).toMatchObject({
      ok: true,
      message: { title: "Your review is changed" },
    });
    const rows = await reviewsOfProduct();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: written!.id,
      status: "pending",
      rating: 2,
      verifiedBuyer: true,
    });
    expect(await productFigures(productId)).toMatchObject({ reviewCount: 0, rating: 0 });
    await db().delete(reviews).where(eq(reviews.productId, productId));
  });

  it("a product not in the shop is a 404", async () => {
    const { thrown } = await routeOutcome(
      productReview.loader,
      shopRequest("/products/no-such-bed/review", { cookie: cookies.customer }),
      { slug: "no-such-bed" },
    );
    expect(statusOf(thrown)).toBe(404);
  });
});

describe("a review link's upload", () => {
  it("is refused before its form is read when the link is forged or used", async () => {
    const { tokens } = await invitation();
    const token = tokens[0]!;
    const written = await (write.action as unknown as (a: object) => Promise<unknown>)({
      request: shopRequest(`/reviews/write/${token}`, {
        method: "POST",
        body: new URLSearchParams(GOOD),
      }),
      params: { token },
      context: { clientAddress: "10.9.9.8" },
    });
    expect(statusOf(written)).toBe(200);
    for (const [to, status] of [
      ["e".repeat(43), 404],
      [token, 409],
    ] as const) {
      // A body that notes when it is read: up to 25 MB of photos must not be taken in.
      let read = false;
      const body = new ReadableStream(
        {
          pull(controller) {
            read = true;
            controller.enqueue(new TextEncoder().encode("rating=4"));
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const answer = await (write.action as unknown as (a: object) => Promise<unknown>)({
        request: shopRequest(`/reviews/write/${to}`, {
          method: "POST",
          body,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          duplex: "half",
        } as RequestInit),
        params: { token: to },
        context: { clientAddress: "10.9.9.8" },
      });
      expect(statusOf(answer)).toBe(status);
      expect(read).toBe(false);
    }
  });
});

describe("rate limits on the review forms", () => {
  awayFromWindowEdges();

  it("refuses the posts past the form limit from one address with a 429, the typed words kept", async () => {
    const { tokens } = await invitation();
    const token = tokens[0]!;
    const forged = "d".repeat(43);
    process.env.FORM_RATE_LIMIT = "2";
    try {
      const post = (to: string, fields: Record<string, string>) => {
        const body = new FormData();
        for (const [name, value] of Object.entries(fields)) body.append(name, value);
        return (write.action as unknown as (a: object) => Promise<unknown>)({
          request: shopRequest(`/reviews/write/${to}`, { method: "POST", body }),
          params: { token: to },
          context: { clientAddress: "10.9.9.9" },
        });
      };
      // A link we never sent is refused before its form is read, so it counts for nothing.
      for (let i = 0; i < 3; i++) expect(statusOf(await post(forged, GOOD))).toBe(404);
      const statuses: number[] = [];
      let last: unknown;
      for (let i = 0; i < 3; i++) {
        last = await post(token, { ...GOOD, rating: "" });
        statuses.push(statusOf(last));
      }
      expect(statuses).toEqual([400, 400, 429]);
      expect((last as { data: { values: Record<string, string> } }).data.values.title).toBe(
        GOOD.title,
      );
    } finally {
      process.env.FORM_RATE_LIMIT = "1000";
    }
  });
});
