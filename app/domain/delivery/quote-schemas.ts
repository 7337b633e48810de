import { z } from "zod";
import { amountField } from "~/lib/amount-field";

/** Who takes a quoted order's goods, as staff choose it and the shopper reads it. */
export const DELIVERY_CARRIERS = ["own_truck", "courier"] as const;
export type DeliveryCarrier = (typeof DELIVERY_CARRIERS)[number];
export const DELIVERY_CARRIER_LABELS: Record<DeliveryCarrier, string> = {
  own_truck: "Our own truck",
  courier: "Courier",
};

/**
 * Staff's delivery quote on the order page (the order is the page's): who carries it, the
 * amount in rand by the one amount parser ("1200,00" is R1,200.00), an optional note.
 */
export const deliveryQuoteSchema = z.object({
  carrier: z.enum(DELIVERY_CARRIERS, { message: "Choose our own truck or a courier." }),
  amount: amountField({
    required: "Enter the delivery quote in rand.",
    min: 1,
    minMessage: "A delivery quote must be more than R0.00.",
  }),
  note: z.string().trim().max(500, "Keep the note under 500 characters.").optional().default(""),
});

export type DeliveryQuoteInput = z.output<typeof deliveryQuoteSchema>;
