import { z } from "zod";
import {
  PAID_BACK_REFERENCE_MAX,
  REFUND_REASON_MAX,
  type RefundInput,
} from "~/domain/invoicing/refund-schemas";

const formText = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === "string" ? v.trim() : ""));

/** What staff say when they cancel an order, as the domain takes it. */
export type CancelInput = {
  reason: string;
  /** How money paid goes back: through its provider, or by EFT with its reference. */
  method: RefundInput["method"];
  eftReference: string;
  /** The order's refunds as the cancellation's preview read them, when it paid back. */
  refundsSeen?: string;
};

/**
 * The order page's cancel form (its preview and its confirmation): why (optional, "Order
 * cancelled" when left empty) and, for a paid order, how its money goes back: through the
 * provider that took it, or by EFT from the shop's account with the EFT's reference.
 */
export const cancelOrderSchema = z
  .object({ reason: formText, method: formText, eftReference: formText, refundsSeen: formText })
  .transform((input, ctx): CancelInput => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (input.reason.length > REFUND_REASON_MAX) issue("reason", "This is too long.");
    const method = input.method === "eft" ? "eft" : "provider";
    if (input.method && input.method !== "eft" && input.method !== "provider") {
      issue("method", "Choose how the money goes back.");
    }
    if (method === "eft" && input.eftReference.length < 3) {
      issue("eftReference", "Enter the EFT's reference from the bank.");
    }
    if (input.eftReference.length > PAID_BACK_REFERENCE_MAX) {
      issue("eftReference", "This is too long.");
    }
    return {
      reason: input.reason,
      method,
      eftReference: input.eftReference,
      ...(input.refundsSeen ? { refundsSeen: input.refundsSeen } : {}),
    };
  });
