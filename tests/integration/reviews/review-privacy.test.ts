import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { products, reviewOptOuts, reviewPhotos, reviews, users } from "~/db/schema";
import { ERASED_REVIEWER, erasePersonalData } from "~/domain/privacy/erase-personal-data.server";
import { countPersonalData, findPersonalData } from "~/domain/privacy/personal-data.server";
import { publishReview } from "~/domain/reviews/moderate-review.server";
import { mediaStore } from "~/lib/configured-media-store.server";
import { useTestDatabase } from "../../setup/database";
import { addVariant, setUpShop } from "../orders/fixtures";

useTestDatabase();

const THANDI = "thandi@example.com";
const owner = { id: "owner-1", email: "owner@example.com" };
let dataDir: string;
let productId: number;
let thandiReview: number;
let otherReview: number;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "review-privacy-"));
  process.env.DATA_DIR = dataDir;
  const shop = await setUpShop();
  productId = (await addVariant(shop, { priceCents: 300_000, stock: 5 })).productId;
  await db()
    .insert(users)
    .values([
      { id: "owner-1", name: "Owner", email: owner.email, role: "owner" },
      { id: "thandi-1", name: "Thandi Mokoena", email: THANDI, emailVerified: true },
    ]);
  const [mine, other] = await db()
    .insert(reviews)
    .values([
      {
        productId,
        email: "Thandi@Example.com",
        userId: "thandi-1",
        rating: 5,
        title: "Lovely",
        body: "Thandi from Rustenburg loves it.",
        displayName: "Thandi, Rustenburg",
        verifiedBuyer: true,
        featured: false,
      },
      {
        productId,
        email: "sipho@example.com",
        rating: 3,
        title: "Fine",
        body: "It is fine.",
        displayName: "Sipho, Lichtenburg",
      },
    ])
    .returning({ id: reviews.id });
  thandiReview = mine!.id;
  otherReview = other!.id;
  await mediaStore().put("reviews/thandi-1.webp", Buffer.from("picture"), "image/webp");
  await db()
    .insert(reviewPhotos)
    .values({ reviewId: thandiReview, file: "reviews/thandi-1.webp", width: 10, height: 10 });
  await db().insert(reviewOptOuts).values({ email: THANDI });
  for (const id of [thandiReview, otherReview]) await publishReview({ id, actor: owner });
});

afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("reviews in a privacy request", () => {
  it("finds the person's reviews with their photos and their objection to invitations", async () => {
    const data = await findPersonalData({ email: THANDI });
    expect(data.reviews).toEqual([
      expect.objectContaining({
        product: expect.stringContaining("Test Bed"),
        rating: 5,
        body: "Thandi from Rustenburg loves it.",
        displayName: "Thandi, Rustenburg",
        photos: ["reviews/thandi-1.webp"],
      }),
    ]);
    expect(data.reviewOptOut).not.toBeNull();
    expect(countPersonalData(data).reviews).toBe(2);
  });

  it("erases the name, words and photos, keeps the stars in the product's figures", async () => {
    const [before] = await db().select().from(products).where(eq(products.id, productId));
    expect(before).toMatchObject({ reviewCount: 2, ratingTotal: 8, rating: 4 });

    await erasePersonalData({ email: THANDI, actor: owner });

    const [erased] = await db().select().from(reviews).where(eq(reviews.id, thandiReview));
    expect(erased).toMatchObject({
      displayName: ERASED_REVIEWER,
      email: "",
      userId: null,
      title: "",
      body: "",
      rating: 5,
      status: "published",
    });
    expect(erased!.erasedAt).not.toBeNull();
    expect(await db().select().from(reviewPhotos)).toEqual([]);
    expect(await mediaStore().get("reviews/thandi-1.webp")).toBeNull();
    expect(await db().select().from(reviewOptOuts)).toEqual([]);
    const [after] = await db().select().from(products).where(eq(products.id, productId));
    expect(after).toMatchObject({ reviewCount: 2, ratingTotal: 8, rating: 4 });
    // Someone else's review is untouched, and a second erasure finds nothing.
    const [other] = await db().select().from(reviews).where(eq(reviews.id, otherReview));
    expect(other).toMatchObject({ displayName: "Sipho, Lichtenburg", body: "It is fine." });
    expect(countPersonalData(await findPersonalData({ email: THANDI })).reviews).toBe(0);
  });
});
