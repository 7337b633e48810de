import { eq } from "drizzle-orm";
import sharp from "sharp";
import { db } from "~/db/client.server";
import { orders, products } from "~/db/schema";
import { markOrderDelivered } from "~/domain/orders/cancel-order.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { sendDueReviewInvitations } from "~/domain/reviews/review-invitations.server";
import { addVariant, checkout, type setUpShop } from "../orders/fixtures";

type Shop = Awaited<ReturnType<typeof setUpShop>>;
export const REVIEW_STAFF = { id: null, email: "lerato@test-beds.example" };
const DAY_MS = 86_400_000;

/** A paid order for one unit of each of `products` (new ones unless given), not yet completed. */
export async function paidOrderOf(
  shop: Shop,
  options: {
    products?: { productId: number; variantId: number }[];
    count?: number;
    email?: string;
    customerUserId?: string;
  } = {},
) {
  const beds =
    options.products ??
    (await Promise.all(
      Array.from({ length: options.count ?? 1 }, () =>
        addVariant(shop, { priceCents: 150_000, stock: 20 }),
      ),
    ));
  const { order } = await placeOrder(
    checkout(
      beds.map((b) => ({ variantId: b.variantId, quantity: 1 })),
      options.email ? { email: options.email } : {},
    ),
  );
  const payment = await createPaymentAttempt(order, "card", "demo");
  await recordPaymentOutcome({
    provider: "demo",
    reference: payment.reference,
    providerReference: `demo_${payment.reference}`,
    status: "approved",
    amountCents: payment.amountCents,
  });
  if (options.customerUserId) {
    await db()
      .update(orders)
      .set({ customerUserId: options.customerUserId })
      .where(eq(orders.id, order.id));
  }
  return { order, beds };
}

/** Moves a paid order on to completed, as staff do by hand. */
export async function complete(orderId: number) {
  await markOrderDelivered({ orderId, actor: REVIEW_STAFF });
}

/** A completed order of `count` new products (or those given). */
export async function completedOrder(shop: Shop, options: Parameters<typeof paidOrderOf>[1] = {}) {
  const made = await paidOrderOf(shop, options);
  await complete(made.order.id);
  return made;
}

/** Runs the invitation job as if `days` had passed. */
export const runInvitationsAfter = (days: number) =>
  sendDueReviewInvitations({ now: new Date(Date.now() + days * DAY_MS) });

/** The write links in a mail's text, as tokens. */
export function writeTokensIn(text: string): string[] {
  const flat = text.replace(/=\r?\n/g, "");
  return [...flat.matchAll(/\/reviews\/write\/([A-Za-z0-9_-]{43})/g)].map((m) => m[1]!);
}

export function stopTokenIn(text: string): string {
  const match = text.replace(/=\r?\n/g, "").match(/\/reviews\/stop\/([A-Za-z0-9_-]{43})/);
  if (!match) throw new Error(`No stop link in: ${text}`);
  return match[1]!;
}

/** A JPEG photo whose EXIF carries a GPS position and a camera, as a phone writes it. */
export async function jpegWithGps(width = 2400, height = 1800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#8a6d4b" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "26/1 9/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "26/1 10/1 0/1",
      },
    })
    .toBuffer();
}

export const photoFile = (bytes: Buffer, name = "bed.jpg", type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

export async function productFigures(productId: number) {
  const [row] = await db()
    .select({ reviewCount: products.reviewCount, rating: products.rating })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
}
