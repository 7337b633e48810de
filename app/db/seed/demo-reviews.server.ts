import { inArray } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/db/client.server";
import { products, reviewPhotos, reviews } from "~/db/schema";
import { refreshProductRating } from "~/domain/reviews/product-rating.server";
import type { MediaStore } from "~/lib/media-store.server";
import { DEMO_PRODUCTS } from "./catalog/all-products";
import { drawProduct } from "./drawings/product-art";

const DAY = 24 * 3_600_000;

type DemoReview = {
  product: string;
  rating: 1 | 2 | 3 | 4 | 5;
  title: string;
  body: string;
  name: string;
  daysAgo: number;
  status?: "pending" | "published" | "rejected";
  rejectReason?: string;
  reply?: string;
  featured?: boolean;
  /** Photos the writer took: drawn from the product's picture, as a phone would frame it. */
  photos?: number;
  /** Written by a signed-in shopper who did not buy it (the setting allows it). */
  notBought?: boolean;
};

/**
 * The demo's reviews (docs/decisions/048): sample rows, as the demo's enquiries are, so that
 * `npm run demo` shows the whole flow (published ones with photos and replies, some pending for
 * staff to moderate, one rejected, a few featured on the home page). A real shop's database
 * starts with none, and the products' figures are worked out from the published ones here as
 * they are when staff publish.
 */
const DEMO_REVIEWS: DemoReview[] = [
  {
    product: "serenity-foam-bed",
    rating: 5,
    title: "Sleeping right through the night",
    body: "We took the queen on lay-by and the staff made it easy. It arrived the week we paid it off and I sleep right through the night now.",
    name: "Thandi, Rustenburg",
    daysAgo: 40,
    featured: true,
    photos: 1,
  },
  {
    product: "serenity-foam-bed",
    rating: 4,
    title: "Good bed, firm at first",
    body: "Felt firmer than in the showroom for the first two weeks, now it is just right.",
    name: "Sipho, Lichtenburg",
    daysAgo: 21,
  },
  {
    product: "serenity-foam-bed",
    rating: 5,
    title: "",
    body: "Delivered on the day they said, and they took the old mattress away.",
    name: "Anika, Lichtenburg",
    daysAgo: 9,
  },
  {
    product: "comfort-plus-foam-bed",
    rating: 5,
    title: "Half the price I was quoted elsewhere",
    body: "They delivered and set everything up. My back has never felt better in the mornings.",
    name: "Johan, Potchefstroom",
    daysAgo: 55,
    featured: true,
  },
  {
    product: "comfort-plus-foam-bed",
    rating: 3,
    title: "Comfortable, delivery was late",
    body: "The bed is comfortable. Delivery came a day later than booked, though they phoned to say so.",
    name: "Pieter, Klerksdorp",
    daysAgo: 30,
    reply:
      "Thank you, Pieter. The truck broke down on the Klerksdorp road that day; we are sorry for the wait.",
  },
  {
    product: "memory-rest-foam-bed",
    rating: 5,
    title: "Choosing was easy",
    body: "The free consultation helped us choose between foam and spring. Friendly, honest advice with no pressure at all.",
    name: "Lerato, Mahikeng",
    daysAgo: 70,
    featured: true,
  },
  {
    product: "memory-rest-foam-bed",
    rating: 4,
    title: "",
    body: "Sleeps cool for memory foam. Took two people to carry it up the stairs.",
    name: "Kagiso, Zeerust",
    daysAgo: 12,
  },
  {
    product: "cloud-nine-memory-foam-mattress",
    rating: 5,
    title: "Worth every rand",
    body: "My shoulder pain is gone. The mattress came rolled and was full size by the evening.",
    name: "Zanele, Lichtenburg",
    daysAgo: 33,
    photos: 2,
  },
  {
    product: "cloud-nine-memory-foam-mattress",
    rating: 4,
    title: "Soft but supportive",
    body: "A little softer than I expected, still very good.",
    name: "Naledi, Ventersdorp",
    daysAgo: 15,
  },
  {
    product: "cloud-nine-memory-foam-mattress",
    rating: 2,
    title: "Smell for the first week",
    body: "Comfortable, but it smelled of foam for a week. Airing the room helped.",
    name: "Thabo, Coligny",
    daysAgo: 8,
    reply:
      "Thank you, Thabo. New foam does air out in a few days; our staff can talk you through it on 018 632 1234.",
  },
  {
    product: "sealy-ortho-firm-mattress",
    rating: 5,
    title: "Firm, as promised",
    body: "Exactly the firm support my physio told me to look for.",
    name: "Molefe, Mahikeng",
    daysAgo: 48,
  },
  {
    product: "sealy-ortho-firm-mattress",
    rating: 4,
    title: "",
    body: "Good mattress, I would buy it again.",
    name: "Botha, Lichtenburg",
    daysAgo: 19,
  },
  {
    product: "simmons-pocket-comfort-mattress",
    rating: 5,
    title: "No more rolling together",
    body: "The pocket springs mean my husband's tossing does not wake me any more.",
    name: "Nomsa, Brits",
    daysAgo: 26,
    featured: true,
  },
  {
    product: "egyptian-cotton-duvet-cover-set",
    rating: 5,
    title: "Soft after many washes",
    body: "Bought it with the bed and mattress for my daughter's room. Still soft after many washes.",
    name: "Nomsa, Brits",
    daysAgo: 26,
    photos: 1,
  },
  {
    product: "egyptian-cotton-duvet-cover-set",
    rating: 4,
    title: "",
    body: "Lovely colour, the pillowcases run a bit small.",
    name: "Anika, Lichtenburg",
    daysAgo: 11,
  },
  {
    product: "oslo-pine-platform-bed-frame",
    rating: 4,
    title: "Solid frame",
    body: "Sturdy and easy to assemble with the instructions. No squeaks so far.",
    name: "Sipho, Lichtenburg",
    daysAgo: 37,
  },
  {
    product: "oslo-pine-platform-bed-frame",
    rating: 1,
    title: "Missing screws",
    body: "Two screws were missing from the box and I had to drive back to the shop.",
    name: "Johan, Lichtenburg",
    daysAgo: 20,
    reply:
      "We are sorry, Johan. We now check every box before it goes on the truck, and the assembly add-on brings our own tools.",
  },
  {
    product: "goose-down-duvet-inner",
    rating: 5,
    title: "Warm for Highveld winters",
    body: "Light but very warm, perfect for the cold nights in June.",
    name: "Lerato, Mahikeng",
    daysAgo: 60,
    featured: true,
  },
  // Waiting for staff: the Reviews section's pending list.
  {
    product: "serenity-foam-bed",
    rating: 5,
    title: "Best purchase this year",
    body: "Great bed and great service from the team in the showroom.",
    name: "Kagiso, Lichtenburg",
    daysAgo: 2,
    status: "pending",
    photos: 1,
  },
  {
    product: "cloud-nine-memory-foam-mattress",
    rating: 3,
    title: "Still getting used to it",
    body: "Different from my old spring mattress. Ask me again in a month.",
    name: "Thabo, Lichtenburg",
    daysAgo: 1,
    status: "pending",
  },
  {
    product: "sealy-ortho-firm-mattress",
    rating: 4,
    title: "",
    body: "I tried it in the showroom twice before buying. Comfortable and firm.",
    name: "Zanele, Itsoseng",
    daysAgo: 1,
    status: "pending",
    notBought: true,
  },
  {
    product: "comfort-plus-foam-bed",
    rating: 1,
    title: "Call me",
    body: "Phone 082 555 0199 for a cheaper bed from my cousin.",
    name: "Shop Deals",
    daysAgo: 5,
    status: "rejected",
    rejectReason: "Advertising and a phone number are not a review of the product.",
    notBought: true,
  },
];

/** Inserts the demo reviews, their photos and the figures of the products they are about. */
export async function insertDemoReviews(options: { store: MediaStore; now?: Date }) {
  const now = options.now ?? new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const slugs = [...new Set(DEMO_REVIEWS.map((r) => r.product))];
  const productIds = new Map(
    (
      await db()
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(inArray(products.slug, slugs))
    ).map((p) => [p.slug, p.id]),
  );
  const photoFiles = await drawReviewPhotos(options.store);

  await db().transaction(async (tx) => {
    for (const [i, demo] of DEMO_REVIEWS.entries()) {
      const productId = productIds.get(demo.product);
      if (productId === undefined) continue;
      const status = demo.status ?? "published";
      const at = ago(demo.daysAgo);
      const [row] = await tx
        .insert(reviews)
        .values({
          productId,
          email: `reviewer${i + 1}@example.com`,
          rating: demo.rating,
          title: demo.title,
          body: demo.body,
          displayName: demo.name,
          verifiedBuyer: !demo.notBought,
          status,
          rejectReason: demo.rejectReason ?? "",
          reply: demo.reply ?? "",
          repliedAt: demo.reply ? new Date(at.getTime() + DAY) : null,
          featured: demo.featured ?? false,
          createdAt: at,
          updatedAt: at,
          publishedAt: status === "published" ? new Date(at.getTime() + DAY / 4) : null,
        })
        .returning({ id: reviews.id });
      for (let position = 0; position < (demo.photos ?? 0); position++) {
        const photo = photoFiles.get(demo.product)?.[position];
        if (!photo) continue;
        await tx.insert(reviewPhotos).values({ reviewId: row!.id, ...photo, position });
      }
    }
    for (const productId of productIds.values()) await refreshProductRating(tx, productId);
  });
}

/** A shopper's photo of each reviewed product: its drawing, cropped and tilted as a phone frames it. */
async function drawReviewPhotos(store: MediaStore) {
  const wanted = new Map<string, number>();
  for (const r of DEMO_REVIEWS) {
    if (r.photos) wanted.set(r.product, Math.max(wanted.get(r.product) ?? 0, r.photos));
  }
  const files = new Map<string, { file: string; width: number; height: number }[]>();
  for (const [slug, count] of wanted) {
    const product = DEMO_PRODUCTS.find((p) => p.slug === slug);
    if (!product) continue;
    const list = [];
    for (let n = 0; n < count; n++) {
      const { data, info } = await sharp(Buffer.from(drawProduct(product.art)), { density: 96 })
        .rotate(n === 0 ? 4 : -6, { background: "#e9e4dc" })
        .resize({ width: 800, height: 600, fit: "cover" })
        .webp({ quality: 70 })
        .toBuffer({ resolveWithObject: true });
      const file = `reviews/demo-${slug}-${n + 1}.webp`;
      await store.put(file, data, "image/webp");
      list.push({ file, width: info.width, height: info.height });
    }
    files.set(slug, list);
  }
  return files;
}
