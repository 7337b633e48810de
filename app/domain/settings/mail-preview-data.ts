import type { OrderDetails } from "~/domain/orders/get-order.server";
import type { LaybyPlanView } from "~/domain/layby/plan-view.server";
import type { DeliveryProof } from "~/domain/delivery/delivery-proofs.server";
import { addDays, shopToday } from "~/lib/dates";

/**
 * The sample order, lay-by and delivery that Settings > Notifications previews each e-mail
 * with: the shop's real layout and wording, a made-up shopper. Dates are counted from today.
 */
export function previewOrder(now = new Date()): OrderDetails {
  const placed = new Date(now.getTime() - 2 * 3_600_000);
  return {
    id: 0,
    number: 1042,
    token: "preview",
    idempotencyKey: "preview",
    status: "to_deliver",
    paymentStatus: "paid",
    stockHold: "sold",
    firstName: "Naledi",
    lastName: "Mokoena",
    email: "naledi@example.com",
    customerUserId: null,
    phone: "082 555 0143",
    companyName: "",
    vatNumber: "",
    address: "14 Buiten Street",
    complex: "",
    suburb: "Lichtenburg Central",
    city: "Lichtenburg",
    province: "NW",
    postalCode: "2740",
    deliveryMobile: "",
    accessNotes: "Gate code 1234",
    deliveryMethod: "standard",
    paymentMethod: "card",
    paymentMethodLabel: "Credit or debit card",
    subtotalCents: 959_800,
    discountCents: 0,
    deliveryCents: 0,
    removalCents: 25_000,
    assemblyCents: 0,
    removalCredited: false,
    assemblyCredited: false,
    vatCents: 128_450,
    totalCents: 984_800,
    promotionId: null,
    promotionCode: null,
    payBy: new Date(placed.getTime() + 72 * 3_600_000),
    payReminderSentAt: null,
    paidAt: placed,
    cancelledAt: null,
    createdAt: placed,
    updatedAt: placed,
    lines: [
      {
        title: "Serenity Foam Bed",
        size: "Queen",
        sku: "FB-01-QN",
        quantity: 1,
        unitPriceCents: 899_900,
        originalPriceCents: null,
        lineTotalCents: 899_900,
        variantId: null,
        creditedQuantity: 0,
        returnedQuantity: 0,
        deliveredQuantity: 0,
        productSlug: null,
      },
      {
        title: "Memory Foam Pillow",
        size: "Standard",
        sku: "PL-02-STD",
        quantity: 2,
        unitPriceCents: 29_950,
        originalPriceCents: null,
        lineTotalCents: 59_900,
        variantId: null,
        creditedQuantity: 0,
        returnedQuantity: 0,
        deliveredQuantity: 0,
        productSlug: null,
      },
    ],
    payments: [],
  };
}

/** A lay-by over three months on the sample order, deposit paid. */
export function previewLaybyPlan(now = new Date()): LaybyPlanView {
  const today = shopToday(now);
  const due = (months: number) => addDays(today, months * 30);
  const instalments = [
    { number: 0, amountCents: 60_000, dueDay: today, paid: true },
    { number: 1, amountCents: 308_267, dueDay: due(1), paid: false },
    { number: 2, amountCents: 308_267, dueDay: due(2), paid: false },
    { number: 3, amountCents: 308_266, dueDay: due(3), paid: false },
  ].map((i) => ({
    number: i.number,
    dueDay: i.dueDay,
    amountCents: i.amountCents,
    paidCents: i.paid ? i.amountCents : 0,
    leftCents: i.paid ? 0 : i.amountCents,
    paidAt: i.paid ? now.toISOString() : null,
    state: (i.paid ? "paid" : "due") as "paid" | "due",
  }));
  return {
    status: "active",
    depositCents: 60_000,
    months: 3,
    chargeBasisPoints: 100,
    startDay: today,
    endDay: due(3),
    lapseDay: addDays(due(3), 84),
    cancelReason: null,
    chargeCents: null,
    refundCents: null,
    interestCents: null,
    instalments,
    paidCents: 60_000,
    leftCents: 924_800,
    next: instalments[1]!,
  };
}

/** The sample order's delivery day: the next weekday but one. */
export function previewDelivery(now = new Date()) {
  return { day: addDays(shopToday(now), 3), zoneName: "Lichtenburg and area" };
}

/** What the driver recorded at the sample order's door. */
export function previewProof(day: string, now = new Date()): DeliveryProof {
  return {
    id: 0,
    proofKey: "00000000-0000-4000-8000-000000000000",
    orderId: 0,
    runId: null,
    day,
    zoneId: null,
    outcome: "delivered",
    recipientName: "Naledi Mokoena",
    signatureFile: null,
    photoFile: null,
    signedOnPaper: false,
    reason: null,
    note: null,
    customerMessage: null,
    recordedBy: null,
    recordedByName: "Driver",
    recordedAt: now,
    erasedAt: null,
  };
}
