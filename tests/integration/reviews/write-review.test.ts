// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, reviewLinks, reviewPhotos, reviews } from "~/db/schema";
import { publishedReviews, reviewSummary } from "~/domain/reviews/product-reviews.server";
import { reviewTokenHash } from "~/domain/reviews/review-links.server";
import { RATING_MESSAGE } from "~/domain/reviews/review-limits";
import { USED_LINK_MESSAGE } from "~/domain/reviews/review-messages";
import { writeReviewByLink } from "~/domain/reviews/write-review.server";
import { folderMediaStore } from "~/lib/media-store-folder.server";
import * as write from "~/routes/store/review-write";
import { useTestDatabase } from "../../setup/database";
import { shopRequest, routeOutcome, statusOf } from "../admin/helpers";
import { setUpShop } from "../orders/fixtures";
import { startSmtpServer } from "../../setup/smtp";
import {
  completedOrder,
  jpegWithGps,
  photoFile,
  productFigures,
  runInvitationsAfter,
  writeTokensIn,
} from "./write-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "write-review-"));
  process.env.DATA_DIR = dataDir;
  process.env.FORM_RATE_LIMIT = "1000";
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
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

/** A completed order of `count` products, invited: its tokens in the order of its lines. */
async function invited(productCount = 1) {
  const made = await completedOrder(shop, { count: productCount });
  await runInvitationsAfter(8);
  const subject = new RegExp(`rder ${made.order.number}\\??$`);
  const mail = smtp.received.find((m) => subject.test(m.subject));
  return { ...made, tokens: writeTokensIn(mail!.text) };
}

/** The review form posted as the browser posts it: multipart, with the photos. */
function reviewPost(token: string, fields: Record<string, string>, photos: File[] = []): Request {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (photos.length === 0)
    body.append("photos", new File([], "", { type: "application/octet-stream" }));
  for (const photo of photos) body.append("photos", photo);
  return shopRequest(`/reviews/write/${token}`, { method: "POST", body });
}

const GOOD = {
  rating: "5",
  title: "Sleeps like a dream",
  body: "Firm and cool.",
  displayName: "Thandi from Lichtenburg",
};

const reviewsOf = (productId: number) =>
  db().select().from(reviews).where(eq(reviews.productId, productId));

describe("the invitation's link", () => {
  it("opens the form for the line's product only, with the first name and town offered", async () => {
    const { tokens, beds } = await invited(2);
    const titles = [];
    for (const token of tokens) {
      const { returned } = await routeOutcome(
        write.loader,
        shopRequest(`/reviews/write/${token}`),
        { token },
      );
      expect(statusOf(returned)).toBe(200);
      const page = returned as { state: string; product: { title: string }; defaultName: string };
      expect(page.state).toBe("open");
      expect(page.defaultName).toBe("Thandi from Lichtenburg");
      titles.push(page.product.title);
    }
    expect(new Set(titles).size).toBe(beds.length);
  });

  it("writes a pending verified buyer's review that shows nowhere, and marks the link used", async () => {
    const { tokens, beds, order } = await invited();
    const before = await productFigures(beds[0]!.productId);
    const { returned } = await routeOutcome(write.action, reviewPost(tokens[0]!, GOOD), {
      token: tokens[0]!,
    });
    expect(statusOf(returned)).toBe(200);
    expect((returned as { data: unknown }).data).toMatchObject({
      ok: true,
      message: { description: "Your review is waiting for our check before it shows." },
    });
    const [review, ...more] = await reviewsOf(beds[0]!.productId);
    expect(more).toEqual([]);
    expect(review).toMatchObject({
      status: "pending",
      verifiedBuyer: true,
      orderId: order.id,
      rating: 5,
      title: GOOD.title,
      body: GOOD.body,
      displayName: GOOD.displayName,
      email: "thandi@example.com",
    });
    expect(review!.orderLineId).not.toBeNull();
    // Pending shows nowhere: not in the product's figures, its summary or its reviews.
    expect(await productFigures(beds[0]!.productId)).toEqual(before);
    expect((await reviewSummary(beds[0]!.productId)).count).toBe(0);
    expect(
      await publishedReviews({ productId: beds[0]!.productId, sort: "newest", page: 1 }),
    ).toEqual([]);
    const [link] = await db()
      .select()
      .from(reviewLinks)
      .where(eq(reviewLinks.tokenHash, reviewTokenHash(tokens[0]!)));
    expect(link!.usedAt).not.toBeNull();
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `review:${review!.id}`));
    expect(audit).toMatchObject({ action: "review_written" });
  });

  it("refuses a forged link with a 404 page, and saves nothing", async () => {
    const forged = crypto.randomBytes(32).toString("base64url");
    for (const token of [forged, "not-a-token", "x".repeat(500)]) {
      const { returned } = await routeOutcome(
        write.loader,
        shopRequest(`/reviews/write/${token}`),
        { token },
      );
      expect(statusOf(returned)).toBe(404);
      expect((returned as { data: { state: string } }).data.state).toBe("forged");
    }
    const before = (await db().select({ n: count() }).from(reviews))[0]!.n;
    const { returned } = await routeOutcome(write.action, reviewPost(forged, GOOD), {
      token: forged,
    });
    expect(statusOf(returned)).toBe(404);
    const after = (await db().select({ n: count() }).from(reviews))[0]!.n;
    expect(after).toBe(before);
  });

  it("refuses a used link: the page says it was used, a second submit is a 409", async () => {
    const { tokens, beds } = await invited();
    const token = tokens[0]!;
    await routeOutcome(write.action, reviewPost(token, GOOD), { token });
    const { returned: page } = await routeOutcome(
      write.loader,
      shopRequest(`/reviews/write/${token}`),
      { token },
    );
    expect(statusOf(page)).toBe(410);
    expect((page as { data: { state: string } }).data.state).toBe("used");
    const { returned } = await routeOutcome(
      write.action,
      reviewPost(token, { ...GOOD, rating: "1" }),
      { token },
    );
    expect(statusOf(returned)).toBe(409);
    expect(JSON.stringify(returned)).toContain(USED_LINK_MESSAGE);
    expect((await reviewsOf(beds[0]!.productId)).map((r) => r.rating)).toEqual([5]);
  });

  it("two submits at the same moment make one review", async () => {
    const { tokens, beds } = await invited();
    const store = folderMediaStore(path.join(dataDir, "media"));
    const input = { rating: 4, title: "", body: "", displayName: "Thandi" };
    const results = await Promise.allSettled([
      writeReviewByLink({ token: tokens[0]!, input, photos: [], store }),
      writeReviewByLink({ token: tokens[0]!, input, photos: [], store }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await reviewsOf(beds[0]!.productId)).toHaveLength(1);
  });

  it.each([
    ["no rating", { rating: "" }, "rating", RATING_MESSAGE],
    ["a rating of 6", { rating: "6" }, "rating", RATING_MESSAGE],
    ["a rating of 0", { rating: "0" }, "rating", RATING_MESSAGE],
    ["a title too long", { title: "t".repeat(121) }, "title", "Keep the title to 120 characters."],
    ["words too long", { body: "w".repeat(4001) }, "body", "Keep your review to 4"],
    ["no name", { displayName: "  " }, "displayName", "Say the name to show with your review."],
    [
      "a name too long",
      { displayName: "n".repeat(61) },
      "displayName",
      "Keep the name to 60 characters.",
    ],
  ])(
    "answers %s with a 400, the message at its field, the words kept, nothing saved",
    async (_, change, field, message) => {
      const { tokens, beds } = await invited();
      const token = tokens[0]!;
      const { returned } = await routeOutcome(
        write.action,
        reviewPost(token, { ...GOOD, ...change }),
        { token },
      );
      expect(statusOf(returned)).toBe(400);
      const body = (
        returned as {
          data: { fieldErrors: Record<string, string>; values: Record<string, string> };
        }
      ).data;
      expect(body.fieldErrors[field]).toContain(message);
      expect(body.values.title).toBe("title" in change ? change.title : GOOD.title);
      expect(JSON.stringify(body)).not.toMatch(/at .+\.ts:\d+/);
      expect(await reviewsOf(beds[0]!.productId)).toEqual([]);
      const [link] = await db()
        .select()
        .from(reviewLinks)
        .where(eq(reviewLinks.tokenHash, reviewTokenHash(token)));
      expect(link!.usedAt).toBeNull();
    },
  );

  it("refuses a file that is not a photo, and more than three photos, at the photo field", async () => {
    const { tokens, beds } = await invited();
    const token = tokens[0]!;
    const text = new File(["not a picture"], "notes.jpg", { type: "image/jpeg" });
    const { returned } = await routeOutcome(write.action, reviewPost(token, GOOD, [text]), {
      token,
    });
    expect(statusOf(returned)).toBe(400);
    expect(
      (returned as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors.photos,
    ).toBe("notes.jpg is not a photo: choose JPEG, PNG or WebP files.");
    const small = photoFile(await jpegWithGps(40, 30));
    const { returned: four } = await routeOutcome(
      write.action,
      reviewPost(token, GOOD, [small, small, small, small]),
      { token },
    );
    expect(statusOf(four)).toBe(400);
    expect(
      (four as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors.photos,
    ).toBe("Choose up to 3 photos.");
    expect(await reviewsOf(beds[0]!.productId)).toEqual([]);
    expect(await fs.readdir(path.join(dataDir, "media", "reviews")).catch(() => [])).toEqual([]);
  });

  it("stores photos re-encoded, no larger than 1600 px, without EXIF or GPS", async () => {
    const { tokens, beds } = await invited();
    const token = tokens[0]!;
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#223344" },
    })
      .png()
      .toBuffer();
    const { returned } = await routeOutcome(
      write.action,
      reviewPost(token, GOOD, [photoFile(original), photoFile(png, "room.png", "image/png")]),
      { token },
    );
    expect((returned as { data: unknown }).data).toMatchObject({ ok: true });
    const [review] = await reviewsOf(beds[0]!.productId);
    const photos = await db()
      .select()
      .from(reviewPhotos)
      .where(eq(reviewPhotos.reviewId, review!.id))
      .orderBy(reviewPhotos.position);
    expect(photos.map((p) => [p.width, p.height])).toEqual([
      [1600, 1200],
      [300, 200],
    ]);
    for (const photo of photos) {
      expect(photo.file).toMatch(/^reviews\/[A-Za-z0-9_-]+\.webp$/);
      const stored = await fs.readFile(path.join(dataDir, "media", photo.file));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(stored.includes(Buffer.from("PhoneMaker"))).toBe(false);
    }
  });
});
