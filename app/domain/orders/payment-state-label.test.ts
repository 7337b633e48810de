import { describe, expect, it } from "vitest";
import { paymentStateLabel } from "./payment-state-label";
import type { PaymentStatus } from "./payment-status";

describe("an order's payment state, as shoppers and staff read it", () => {
  it.each<[PaymentStatus, number, number, string]>([
    ["paid", 299_900, 0, "Paid"],
    ["paid", 299_900, 84_915, "Partly refunded (R849.15 of R2,999.00)"],
    ["paid", 299_900, 299_900, "Refunded"],
    ["refunded", 299_900, 299_900, "Refunded"],
    ["unpaid", 299_900, 0, "Not paid"],
    ["partially_paid", 299_900, 0, "Part paid (lay-by)"],
    ["partially_refunded", 299_900, 84_915, "Partly refunded (R849.15 of R2,999.00)"],
  ])("%s, total %i, refunded %i: %s", (paymentStatus, totalCents, refundedCents, label) => {
    expect(paymentStateLabel({ paymentStatus, totalCents, refundedCents })).toBe(label);
  });
});
