import type { SessionUser } from "~/domain/auth/roles";
import { sendDeliveryQuoteMail } from "~/domain/delivery/delivery-quote.server";
import { giveDeliveryQuote } from "~/domain/delivery/give-delivery-quote.server";
import { deliveryQuoteSchema } from "~/domain/delivery/quote-schemas";
import { attempt, invalid, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";
import { formatMoney } from "~/lib/money";
import { siteUrl } from "~/lib/site-url.server";

/** The order page's delivery quote (docs/decisions/041). */
export const QUOTE_INTENTS = ["quote-delivery"] as const;
export type QuoteIntent = (typeof QUOTE_INTENTS)[number];

export function isQuoteIntent(intent: unknown): intent is QuoteIntent {
  return QUOTE_INTENTS.includes(intent as QuoteIntent);
}

/**
 * Staff enter the delivery quote: the schema (one amount parser), then `giveDeliveryQuote`,
 * then the shopper's e-mail with the link on the shop's public origin, then the toast.
 */
export async function quoteAction(options: {
  orderNumber: number;
  formData: FormData;
  actor: SessionUser;
}) {
  const { orderNumber, formData, actor } = options;
  const parsed = parseForm(deliveryQuoteSchema, formData);
  if (!parsed.ok) return invalid(parsed, formData);
  return attempt(formData, async () => {
    const quoted = await giveDeliveryQuote({ orderNumber, input: parsed.data, actor });
    await sendDeliveryQuoteMail(quoted.orderId, siteUrl());
    return succeeded(
      "Quote Sent",
      `Order #${quoted.number}: the shopper has been e-mailed the total of ${formatMoney(quoted.totalCents, { cents: true })} and a link to pay it.`,
    );
  });
}
