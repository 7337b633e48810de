import { describe, expect, it } from "vitest";
import {
  afterRefund,
  canMovePayment,
  isRefundable,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from "./payment-status";

describe("an order's money state", () => {
  it.each<[PaymentStatus, PaymentStatus, boolean]>([
    ["awaiting_quote", "unpaid", true],
    ["awaiting_quote", "paid", false],
    ["awaiting_quote", "partially_paid", false],
    ["unpaid", "awaiting_quote", false],
    ["paid", "awaiting_quote", false],
    ["unpaid", "paid", true],
    ["unpaid", "partially_paid", true],
    ["unpaid", "refunded", false],
    ["partially_paid", "paid", true],
    ["partially_paid", "refunded", true],
    ["partially_paid", "partially_paid", true],
    ["partially_paid", "partially_refunded", false],
    ["paid", "partially_refunded", true],
    ["paid", "refunded", true],
    ["paid", "unpaid", false],
    ["partially_refunded", "partially_refunded", true],
    ["partially_refunded", "refunded", true],
    ["partially_refunded", "paid", false],
    ["refunded", "paid", false],
    ["refunded", "partially_refunded", false],
  ])("%s -> %s: %s", (from, to, allowed) => {
    expect(canMovePayment(from, to)).toBe(allowed);
  });

  it("refunded is the end: nothing moves out of it, and only paid states can be refunded", () => {
    for (const to of PAYMENT_STATUSES) expect(canMovePayment("refunded", to)).toBe(false);
    expect(PAYMENT_STATUSES.filter(isRefundable)).toEqual(["paid", "partially_refunded"]);
  });

  it.each([
    [100, 1_000, "partially_refunded"],
    [999, 1_000, "partially_refunded"],
    [1_000, 1_000, "refunded"],
  ])("%i of %i paid back: %s", (refunded, paid, status) => {
    expect(afterRefund(refunded, paid)).toBe(status);
  });
});
