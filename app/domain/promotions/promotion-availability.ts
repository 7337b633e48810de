import { formatDay } from "~/lib/dates";
import { periodState, startDayOf, type PromotionPeriod } from "./promotion-period";

/**
 * Whether shoppers can use a promotion's code now, in words for the notice after a change: its
 * switch first, then its dates (as checkout judges them). Its usage limit is shown in the list.
 */
export function availabilityNote(
  promotion: PromotionPeriod & { code: string; active: boolean },
  now: Date = new Date(),
): string {
  const { code } = promotion;
  if (!promotion.active)
    return `${code} is switched off: checkout refuses it until it is activated.`;
  switch (periodState(promotion, now)) {
    case "expired":
      return `${code}'s end date has passed: checkout refuses it.`;
    case "scheduled":
      return `${code} can be used at checkout from ${formatDay(startDayOf(promotion.startsAt))}.`;
    case "running":
      return `${code} can be used at checkout now.`;
  }
}
