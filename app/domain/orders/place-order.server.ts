import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { orderAllocations, orderLines, orders } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { env } from "~/env.server";
import type { CheckoutInput } from "./checkout-schema";
import { recordOrderEvent } from "./order-events.server";
import { reserveStock } from "./order-stock.server";
import {
  freeOrderMessage,
  holdRedemption,
  PromotionError,
  redeemPromotion,
} from "./promotions.server";
import { mergeLines, priceLines } from "./quote.server";
import { lineDiscounts, orderTotals } from "./totals";
import { addOnCharges, NO_ADD_ONS, type AddOnChoice } from "./add-ons";
import { deliveryAddressOf } from "./checkout-schema";
import { chargeableDelivery } from "./delivery-check.server";
import { ordersPlaced } from "~/lib/metrics.server";
import { accountForNewOrder } from "~/domain/shoppers/shopper-orders.server";
import { createLaybyPlan } from "~/domain/layby/place-plan.server";
import { shopToday } from "~/lib/dates";
import { bookCheckoutDelivery, readPostedDay } from "~/domain/delivery/shopper-delivery.server";
import { newDeliveryHold, type DayHolder } from "~/domain/delivery/delivery-holds.server";

export type PlacedOrder = typeof orders.$inferSelect;

/** Some lines of the cart are no longer sold (archived, or draft again). */
export class NotSoldError extends DomainError {
  constructor(readonly variantIds: number[]) {
    super("conflict", "Remove them from your cart and try again; nothing else has changed.", {
      title: "Some items are no longer available",
    });
    this.name = "NotSoldError";
  }
}

export type PlaceOrderInput = Omit<
  CheckoutInput,
  "terms" | "layby" | "companyName" | "vatNumber" | "addOns" | OptionalAddressPart
> &
  Partial<Pick<CheckoutInput, OptionalAddressPart>> & {
    /** A business buyer's name and VAT number, for its full tax invoice; optional. */
    companyName?: string;
    vatNumber?: string;
    /** The signed-in shopper placing it (their account gets the order); none for a guest. */
    signedInUserId?: string | null;
    /** A lay-by's terms (docs/decisions/027); none to pay in full. */
    layby?: CheckoutInput["layby"];
    /** Delivery add-ons ticked (docs/decisions/046); none when left out. */
    addOns?: AddOnChoice;
    /** Who checks out (address, device), for the caps on unpaid orders' day holds. */
    holder?: DayHolder;
  };

/** Parts of the address an order placed by a script or a test may leave out ("" or none). */
type OptionalAddressPart =
  "complex" | "suburb" | "province" | "deliveryMobile" | "accessNotes" | "deliveryDay";

/** A new secret for an order page link: 32 random bytes, URL-safe. */
export function newOrderToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * Places an order in one transaction: prices, discount, delivery (the address's delivery zone;
 * refused where it offers no express), the delivery add-ons at the shop's fees and VAT from the
 * database,
 * stock held with row locks, the promotion's use counted, a timeline event. The same
 * idempotency key always gives the same order, however often (or how concurrently) it is sent.
 * Throws NotSoldError, OutOfStockError or PromotionError for problems the shopper can fix. A
 * lay-by order gets its plan (awaiting the deposit, starting on the shop's today) and its
 * instalments in the same transaction; terms that make no plan for the order's total are a
 * DomainError on their field. An address outside every zone makes an order awaiting its
 * delivery quote (docs/decisions/041): goods held, delivery not yet charged, nothing payable.
 */
export async function placeOrder(
  input: PlaceOrderInput,
): Promise<{ order: PlacedOrder; created: boolean }> {
  const existing = await findByIdempotencyKey(input.idempotencyKey);
  if (existing) return { order: existing, created: false };

  const settings = await getStoreSettings();
  const payMinutes = env().ORDER_PAYMENT_MINUTES;
  const now = new Date();
  try {
    const order = await db().transaction(async (tx) => {
      const requested = mergeLines(input.lines);
      const { priced, notSold } = await priceLines(requested, tx);
      if (notSold.length > 0) throw new NotSoldError(notSold);

      const allocations = await reserveStock(tx, priced);
      const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
      const promotion = input.promoCode
        ? await redeemPromotion(tx, {
            code: input.promoCode,
            lines: priced,
            email: input.email,
            signedInUserId: input.signedInUserId,
          })
        : null;
      const { rates, zone, quoted } = await chargeableDelivery(tx, {
        address: deliveryAddressOf(input),
        method: input.deliveryMethod,
        settings,
      });
      // A lay-by's plan is the order's total; a quoted delivery would change it afterwards.
      if (quoted && input.layby) throw new DomainError("invalid", QUOTED_LAYBY, QUOTED_LAYBY_AT);
      const totals = orderTotals({
        subtotalCents,
        deliveryMethod: input.deliveryMethod,
        promotion,
        rates,
        // At the fees of this moment, kept on the order; a quote later adds delivery only.
        addOns: addOnCharges(input.addOns ?? NO_ADD_ONS, settings),
      });
      // Nothing to pay, nothing to confirm it: refused, said at the code (docs/decisions/042).
      if (promotion && totals.totalCents === 0 && !quoted) {
        throw new PromotionError(freeOrderMessage(promotion.code));
      }

      const [order] = await tx
        .insert(orders)
        .values({
          token: newOrderToken(),
          idempotencyKey: input.idempotencyKey,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          customerUserId: await accountForNewOrder(input.email, input.signedInUserId, tx),
          phone: input.phone,
          companyName: input.companyName ?? "",
          vatNumber: input.vatNumber ?? "",
          address: input.address,
          complex: input.complex ?? "",
          suburb: input.suburb ?? "",
          city: input.city,
          province: input.province ?? null,
          postalCode: input.postal,
          deliveryMobile: input.deliveryMobile ?? "",
          accessNotes: input.accessNotes ?? "",
          deliveryMethod: input.deliveryMethod,
          paymentMethod: input.paymentMethod,
          ...totals,
          promotionId: promotion?.id ?? null,
          promotionCode: promotion?.code ?? null,
          // Outside every zone: goods held, nothing to pay until staff quote the delivery.
          ...(quoted ? { paymentStatus: "awaiting_quote" as const } : {}),
          // A lay-by holds its goods while it is paid; any other order waits for its payment.
          status: input.layby ? ("layby" as const) : ("awaiting_payment" as const),
          payBy: new Date(now.getTime() + payMinutes * 60_000),
        })
        .returning();
      if (!order) throw new Error("The order was not saved.");
      if (promotion) {
        await holdRedemption(tx, { orderId: order.id, promotion, email: promotion.customerEmail });
      }

      // The discount belongs to the lines the promotion was for (docs/decisions/042).
      const shares = lineDiscounts(
        totals.discountCents,
        priced.map((l, i) => ({
          lineTotalCents: l.lineTotalCents,
          qualifies: promotion?.qualifyingLines?.[i] ?? true,
        })),
      );
      const lineRows = await tx
        .insert(orderLines)
        .values(
          priced.map((l, position) => ({
            orderId: order.id,
            variantId: l.variantId,
            productId: l.productId,
            title: l.title,
            size: l.size,
            sku: l.sku,
            unitPriceCents: l.unitPriceCents,
            originalPriceCents: l.originalPriceCents,
            quantity: l.quantity,
            lineTotalCents: l.lineTotalCents,
            discountCents: shares[position]!,
            position,
          })),
        )
        .returning({ id: orderLines.id, variantId: orderLines.variantId });
      const allocationRows = lineRows.flatMap((line) =>
        (allocations.get(line.variantId!) ?? []).map((a) => ({ ...a, orderLineId: line.id })),
      );
      if (allocationRows.length > 0) await tx.insert(orderAllocations).values(allocationRows);
      if (input.layby) {
        await createLaybyPlan(tx, {
          orderId: order.id,
          totalCents: order.totalCents,
          depositCents: input.layby.depositCents,
          months: input.layby.months,
          startDay: shopToday(),
          minDepositCents: settings.laybyMinDepositCents,
          chargeBasisPoints: settings.laybyChargeBasisPoints,
          closedDays: settings.closedDays,
        });
      }
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: "placed",
        message: `Order placed by ${input.firstName} ${input.lastName}${input.layby ? `, on lay-by over ${input.layby.months} month${input.layby.months === 1 ? "" : "s"}` : ""}${quoted ? "; delivery to be quoted: goods held, no payment yet" : ""}.`,
        actor: "shopper",
      });
      // The day is booked with the order, so a day that has just filled makes no order; a
      // lay-by is booked once it is paid in full (the engine refuses it before). The checkout
      // form always sends the field (empty when nothing was chosen: refused); a caller that
      // says nothing of a day (a script, a seed) leaves the order to book in the back office.
      // Unpaid, the order only holds its day for a few minutes while it is paid, and a
      // shopper may hold only so many days at once (docs/decisions/039).
      if (zone && !input.layby && input.deliveryDay !== undefined) {
        await bookCheckoutDelivery(tx, {
          orderId: order.id,
          zoneId: zone.id,
          day: readPostedDay(input.deliveryDay),
          kind: input.deliveryMethod,
          now,
          hold: await newDeliveryHold(tx, {
            holder: input.holder ?? {},
            email: input.email,
            now,
            payBy: order.payBy,
          }),
        });
      }
      return order;
    });
    ordersPlaced.inc();
    return { order, created: true };
  } catch (error) {
    // The same key sent twice at once: the second insert loses the race; answer with the first.
    if (isUniqueViolation(error)) {
      const winner = await findByIdempotencyKey(input.idempotencyKey);
      if (winner) return { order: winner, created: false };
    }
    throw error;
  }
}

const QUOTED_LAYBY =
  "Lay-by is not offered where we quote the delivery. Please choose to pay in full once we have quoted it.";
const QUOTED_LAYBY_AT = {
  title: "Lay-by not available",
  field: "plan",
  fieldMessage: QUOTED_LAYBY,
};

async function findByIdempotencyKey(key: string) {
  const [order] = await db().select().from(orders).where(eq(orders.idempotencyKey, key));
  return order;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === "23505") return true;
  }
  return false;
}
