import { formatDeliveryDay } from "~/domain/delivery/day-names";
import { formatMoney } from "~/lib/money";
import type { OrderStage } from "./order-lifecycle";
import type { PaymentStatus } from "./payment-status";

/*
 * What a person sees of an order's life (docs/decisions/050): the one function every list,
 * card, order page, e-mail, dashboard and CSV says an order's stage with. The stage is stored
 * (order-lifecycle.ts); the day booked, a missed visit and the delivery's receiver say more
 * about it, and so does the money state while it waits for money.
 */

/** The stages as people tell them apart: the stored stage, split by what it waits for. */
export const SHOWN_STAGES = [
  "awaiting_quote",
  "awaiting_payment",
  "layby",
  "to_book",
  "booked",
  "not_delivered",
  "out_for_delivery",
  "delivered",
  "cancelled",
] as const;
export type ShownStage = (typeof SHOWN_STAGES)[number];

export type StageFacts = {
  status: OrderStage;
  paymentStatus: PaymentStatus;
  /** The day its delivery is booked for (YYYY-MM-DD), while it is booked. */
  deliveryDay?: string | null;
  /** The day of a visit the driver could not make, when no day is booked since. */
  missedDay?: string | null;
  /** Once delivered: the day, and who signed for it (null when handed over without a proof). */
  delivered?: { day: string; receivedBy: string | null } | null;
  /** Completed refunds of the order (money that is back with the buyer). */
  refundedCents?: number;
};

export type StageView = {
  stage: ShownStage;
  /** Short, for a badge in a list or a card: "Booked 15 Dec", "To book". */
  badge: string;
  tone: "good" | "wait" | "bad";
  /** The order page's heading: "Booked for Tuesday 15 December". */
  title: string;
  /** One sentence for the shopper under it. */
  sentence: string;
};

const money = (cents: number) => formatMoney(cents, { cents: true });

/** "15 Dec": a day in a badge. */
function shortDay(day: string): string {
  const [, month, date] = day.split("-").map(Number);
  const months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
  return `${date} ${months[(month ?? 1) - 1]}`;
}

/** Which of the shown stages the facts are. */
export function shownStage(facts: StageFacts): ShownStage {
  switch (facts.status) {
    case "awaiting_payment":
      return facts.paymentStatus === "awaiting_quote" ? "awaiting_quote" : "awaiting_payment";
    case "to_deliver":
      if (facts.deliveryDay) return "booked";
      return facts.missedDay ? "not_delivered" : "to_book";
    default:
      return facts.status;
  }
}

/** The stage as a person reads it, with its badge, heading and sentence. */
export function orderStageView(facts: StageFacts): StageView {
  const stage = shownStage(facts);
  const refunded = facts.refundedCents ?? 0;
  switch (stage) {
    case "awaiting_quote":
      return {
        stage,
        badge: "Awaiting quote",
        tone: "wait",
        title: "Awaiting your delivery quote",
        sentence: "We are quoting its delivery; nothing is to pay until we e-mail you the total.",
      };
    case "awaiting_payment":
      return {
        stage,
        badge: "Awaiting payment",
        tone: "wait",
        title: "Waiting for payment",
        sentence: "We hold your items until it is paid.",
      };
    case "layby":
      return {
        stage,
        badge: "Lay-by",
        tone: "wait",
        title: "Lay-by in progress",
        sentence: "We hold your items while you pay; we deliver once it is paid in full.",
      };
    case "to_book":
      return {
        stage,
        badge: "To book",
        tone: "good",
        title: "Paid: delivery to be booked",
        sentence: "Payment received: we will be in touch to book your delivery day.",
      };
    case "booked":
      return {
        stage,
        badge: `Booked ${shortDay(facts.deliveryDay!)}`,
        tone: "good",
        title: `Booked for ${formatDeliveryDay(facts.deliveryDay!)}`,
        sentence:
          "Payment received. We e-mail you the day before, and again when it is on its way.",
      };
    case "not_delivered":
      return {
        stage,
        badge: "Not delivered",
        tone: "bad",
        title: "Not delivered: choose a new day",
        sentence: `We could not deliver on ${formatDeliveryDay(facts.missedDay!)}. Choose a new day below, or phone us.`,
      };
    case "out_for_delivery":
      return {
        stage,
        badge: "Out for delivery",
        tone: "good",
        title: "Out for delivery today",
        sentence: "Your order is on the truck: please be there to sign for it.",
      };
    case "delivered": {
      const day = facts.delivered?.day;
      const by = facts.delivered?.receivedBy;
      return {
        stage,
        badge: "Delivered",
        tone: "good",
        title: day ? `Delivered on ${formatDeliveryDay(day)}` : "Delivered",
        sentence: `${by ? `Received by ${by}. ` : ""}Thank you for buying from us.`,
      };
    }
    case "cancelled":
      return {
        stage,
        badge: "Cancelled",
        tone: "bad",
        title: "Cancelled",
        sentence:
          refunded > 0
            ? `${money(refunded)} refunded, the way you paid.`
            : facts.paymentStatus === "unpaid" || facts.paymentStatus === "awaiting_quote"
              ? "Nothing was taken: the items were released."
              : "What you paid is being paid back, the way you paid.",
      };
  }
}
