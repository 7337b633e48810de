import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DomainError } from "~/domain/errors";
import { listReviews } from "~/domain/reviews/list-reviews.server";
import {
  publishReview,
  rejectReview,
  replyToReview,
  setReviewFeatured,
} from "~/domain/reviews/moderate-review.server";
import { REVIEW_LIST } from "~/domain/reviews/review-list";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { addVariant, setUpShop } from "../orders/fixtures";
import { auditOf, figuresOf, insertActor, insertReview, reviewOf } from "./review-fixtures";

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let staff: Awaited<ReturnType<typeof insertActor>>;
let owner: Awaited<ReturnType<typeof insertActor>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await setUpShop();
  staff = await insertActor("staff", "Lerato");
  owner = await insertActor("owner", "Naledi");
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

const newProduct = async () =>
  (await addVariant(shop, { priceCents: 450_000, stock: 1 })).productId;

/** What a refused call threw: its kind, message and field. */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const { kind, message, field } = error as DomainError;
  return { kind, message, field };
}

describe("publishing a review", () => {
  it("puts it in the product's rating, count and star total, and writes the audit line", async () => {
    const productId = await newProduct();
    const five = await insertReview(productId, { rating: 5 });
    const two = await insertReview(productId, { rating: 2 });
    await insertReview(productId, { rating: 1 }); // still pending: counts for nothing
    expect(await figuresOf(productId)).toEqual({ rating: 0, reviewCount: 0, ratingTotal: 0 });

    await publishReview({ id: five.id, actor: staff });
    expect(await figuresOf(productId)).toEqual({ rating: 5, reviewCount: 1, ratingTotal: 5 });
    await publishReview({ id: two.id, actor: staff });
    expect(await figuresOf(productId)).toEqual({ rating: 3.5, reviewCount: 2, ratingTotal: 7 });

    const after = await reviewOf(five.id);
    expect(after.status).toBe("published");
    expect(after.publishedAt).toBeInstanceOf(Date);
    expect(await auditOf(five.id)).toEqual([
      {
        action: "review_published",
        actorEmail: staff.email,
        details: { productId, rating: 5, from: "pending" },
      },
    ]);
  });

  it("refuses to publish a published review again, and changes nothing", async () => {
    const productId = await newProduct();
    const review = await insertReview(productId, { rating: 4 });
    await publishReview({ id: review.id, actor: staff });
    expect(await refusal(publishReview({ id: review.id, actor: staff }))).toMatchObject({
      kind: "invalid",
      message: "A published review cannot be published again.",
    });
    expect(await figuresOf(productId)).toEqual({ rating: 4, reviewCount: 1, ratingTotal: 4 });
    expect((await auditOf(review.id)).map((a) => a.action)).toEqual(["review_published"]);
  });

  it("answers a review that does not exist with not found", async () => {
    expect(await refusal(publishReview({ id: 424242, actor: staff }))).toMatchObject({
      kind: "not_found",
    });
  });
});

describe("rejecting a review", () => {
  it("e-mails the writer the reason and keeps the reason on the review", async () => {
    const productId = await newProduct();
    const review = await insertReview(productId, { email: "sipho@example.com" });
    await rejectReview({
      id: review.id,
      reason: "  It names a member of our staff.  ",
      actor: staff,
    });
    const after = await reviewOf(review.id);
    expect(after.status).toBe("rejected");
    expect(after.rejectReason).toBe("It names a member of our staff.");
    const [mail, ...others] = smtp.received;
    expect(others).toEqual([]);
    expect(mail!.to).toContain("sipho@example.com");
    expect(mail!.subject).toMatch(/^Your review of Test Bed \d+$/);
    const text = mail!.text.replace(/=\r?\n/g, "");
    expect(text).toContain("Dear Thandi from Mahikeng,");
    expect(text).toContain("It names a member of our staff.");
    expect(await auditOf(review.id)).toEqual([
      {
        action: "review_rejected",
        actorEmail: staff.email,
        details: { productId, reason: "It names a member of our staff.", from: "pending" },
      },
    ]);
  });

  it("takes a published review off the product's figures and the home page", async () => {
    const productId = await newProduct();
    const kept = await insertReview(productId, { rating: 5 });
    const taken = await insertReview(productId, { rating: 1 });
    await publishReview({ id: kept.id, actor: staff });
    await publishReview({ id: taken.id, actor: staff });
    await setReviewFeatured({ id: taken.id, featured: true, actor: owner });
    expect(await figuresOf(productId)).toEqual({ rating: 3, reviewCount: 2, ratingTotal: 6 });

    await rejectReview({ id: taken.id, reason: "Written about another shop.", actor: staff });
    expect(await figuresOf(productId)).toEqual({ rating: 5, reviewCount: 1, ratingTotal: 5 });
    expect(await reviewOf(taken.id)).toMatchObject({ status: "rejected", featured: false });
  });

  it("refuses a rejection without a reason at the reason's field, sending nothing", async () => {
    const productId = await newProduct();
    const review = await insertReview(productId);
    expect(await refusal(rejectReview({ id: review.id, reason: "   ", actor: staff }))).toEqual({
      kind: "invalid",
      message: "Say why the review is rejected: its writer is told.",
      field: "reason",
    });
    expect((await reviewOf(review.id)).status).toBe("pending");
    expect(smtp.received).toEqual([]);
    expect(await auditOf(review.id)).toEqual([]);
  });

  it("refuses to reject a rejected review again", async () => {
    const productId = await newProduct();
    const review = await insertReview(productId);
    await rejectReview({ id: review.id, reason: "Spam.", actor: staff });
    expect(
      await refusal(rejectReview({ id: review.id, reason: "Again.", actor: staff })),
    ).toMatchObject({ kind: "invalid", message: "A rejected review cannot be rejected again." });
    expect((await reviewOf(review.id)).rejectReason).toBe("Spam.");
    expect(smtp.received).toHaveLength(1);
  });

  it("publishes a rejected review again, which counts once more", async () => {
    const productId = await newProduct();
    const review = await insertReview(productId, { rating: 3 });
    await rejectReview({ id: review.id, reason: "Checked by mistake.", actor: staff });
    await publishReview({ id: review.id, actor: staff });
    expect(await reviewOf(review.id)).toMatchObject({ status: "published", rejectReason: "" });
    expect(await figuresOf(productId)).toEqual({ rating: 3, reviewCount: 1, ratingTotal: 3 });
  });
});

describe("replying to a review", () => {
  it("saves the shop's reply, removes it when empty, and audits both", async () => {
    const productId = await newProduct();
    const review = await insertReview(productId);
    await replyToReview({ id: review.id, reply: " Thank you, Thandi! ", actor: staff });
    const replied = await reviewOf(review.id);
    expect(replied.reply).toBe("Thank you, Thandi!");
    expect(replied.repliedAt).toBeInstanceOf(Date);

    await replyToReview({ id: review.id, reply: "", actor: owner });
    expect(await reviewOf(review.id)).toMatchObject({ reply: "", repliedAt: null });
    expect((await auditOf(review.id)).map((a) => [a.action, a.actorEmail])).toEqual([
      ["review_replied", staff.email],
      ["review_replied", owner.email],
    ]);
  });

  it("refuses a reply over 2,000 characters at its field", async () => {
    const productId = await newProduct();
    const review = await insertReview(productId);
    expect(
      await refusal(replyToReview({ id: review.id, reply: "x".repeat(2001), actor: staff })),
    ).toMatchObject({ kind: "invalid", field: "reply" });
    expect((await reviewOf(review.id)).reply).toBe("");
  });
});

describe("featuring a review on the home page", () => {
  it("is the owner's choice, of a published review, and is audited", async () => {
    const productId = await newProduct();
    const review = await insertReview(productId);
    expect(
      await refusal(setReviewFeatured({ id: review.id, featured: true, actor: owner })),
    ).toMatchObject({
      kind: "invalid",
      message: "Only a published review can be featured on the home page.",
    });
    await publishReview({ id: review.id, actor: staff });
    expect(
      await refusal(setReviewFeatured({ id: review.id, featured: true, actor: staff })),
    ).toMatchObject({ kind: "forbidden" });
    expect((await reviewOf(review.id)).featured).toBe(false);

    await setReviewFeatured({ id: review.id, featured: true, actor: owner });
    expect((await reviewOf(review.id)).featured).toBe(true);
    await setReviewFeatured({ id: review.id, featured: false, actor: owner });
    expect((await reviewOf(review.id)).featured).toBe(false);
    expect((await auditOf(review.id)).map((a) => a.action)).toEqual([
      "review_published",
      "review_featured",
      "review_unfeatured",
    ]);
  });
});

describe("the Reviews list", () => {
  const params = (query: string) => readListParams(REVIEW_LIST, new URLSearchParams(query));

  it("shows the pending reviews first, each group newest first, with their photos", async () => {
    const productId = await newProduct();
    const at = (day: number) => new Date(`2026-10-${String(day).padStart(2, "0")}T08:00:00Z`);
    const oldPending = await insertReview(productId, { createdAt: at(1), title: "Old pending" });
    const published = await insertReview(productId, { createdAt: at(9), title: "Published" });
    await publishReview({ id: published.id, actor: staff });
    const newPending = await insertReview(
      productId,
      { createdAt: at(5), title: "New pending", body: "w".repeat(400) },
      ["reviews/41-1.webp", "reviews/41-2.webp"],
    );
    const { rows } = await listReviews({ params: params("") });
    const mine = rows.filter((r) => [oldPending.id, published.id, newPending.id].includes(r.id));
    expect(mine.map((r) => r.title)).toEqual(["New pending", "Old pending", "Published"]);
    expect(mine[0]!.photos.map((p) => p.file)).toEqual(["reviews/41-1.webp", "reviews/41-2.webp"]);
    expect(mine[0]!.excerpt).toBe(`${"w".repeat(160)}…`);
    expect(mine[1]!.excerpt).toBe("Firm but kind to the back. Delivered on the day they said.");
  });

  it("filters by status, by the stars given and by the product's title", async () => {
    const productId = await newProduct();
    const other = await newProduct();
    const three = await insertReview(productId, { rating: 3 });
    await insertReview(other, { rating: 3 });
    const all = (await listReviews({ params: params("") })).rows;
    const productTitle = all.find((r) => r.id === three.id)!.productTitle;
    const found = await listReviews({
      params: params(`status=pending&rating=3&q=${encodeURIComponent(productTitle)}`),
    });
    expect(found.rows.map((r) => r.id)).toEqual([three.id]);
    expect(found.total).toBe(1);
    expect((await listReviews({ params: params(`rating=2&q=${productTitle}`) })).total).toBe(0);
    expect(
      (await listReviews({ params: params(`status=published&q=${productTitle}`) })).total,
    ).toBe(0);
    // A rating the list does not know is no filter.
    expect((await listReviews({ params: params(`rating=9&q=${productTitle}`) })).total).toBe(1);
  });
});
