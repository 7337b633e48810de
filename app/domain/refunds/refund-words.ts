import { PROVIDER_NAMES } from "~/domain/payments/provider";
import { formatMoney } from "~/lib/money";
import type { RefundPartStatus } from "./refund-status";

const money = (cents: number) => formatMoney(cents, { cents: true });
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type PartWords = {
  method: "provider" | "hand";
  status: RefundPartStatus;
  amountCents: number;
  reference: string;
  failure: string;
};

/** "PayFast", or "the payment provider" when the refund names none. */
export function providerWords(provider: string | null) {
  return provider && provider in PROVIDER_NAMES
    ? PROVIDER_NAMES[provider as keyof typeof PROVIDER_NAMES]
    : "the payment provider";
}

/**
 * What staff read of a refund's parts that are not paid: each one's provider and its answer.
 * `owed`: money paid back whatever the provider says (a lay-by's, a payment the shop cannot
 * keep): a part not asked yet is to pay back, a refused one is paid back by hand.
 */
export function describeParts(
  parts: readonly PartWords[],
  provider: string | null,
  options: { owed?: boolean } = {},
) {
  const name = capitalised(providerWords(provider));
  const paidElsewhere = parts.some((q) => q.status === "paid");
  return parts
    .filter((p) => p.status !== "paid")
    .map((p) => {
      if (p.method === "hand") {
        return `${money(p.amountCents)} to pay back by hand (cash at the showroom or EFT): record it once paid.`;
      }
      if (p.status === "unknown") {
        return `${name} has not said whether it paid back ${money(p.amountCents)} (${p.failure || "no answer"}).`;
      }
      if (p.status === "pending") {
        return options.owed
          ? `${money(p.amountCents)} to pay back through ${name}, or by hand and record it.`
          : `${name} has not answered about ${money(p.amountCents)} yet.`;
      }
      return paidElsewhere || options.owed
        ? `${p.failure} Pay ${money(p.amountCents)} back by hand and record it.`
        : p.failure;
    })
    .join(" ");
}

/** "paid back through PayFast (R600.00) and by hand (R9,400.00, reference TILL-9)". */
export function howPaidBack(parts: readonly PartWords[], provider: string | null) {
  const name = providerWords(provider);
  if (parts.length === 1) {
    return parts[0]!.method === "hand"
      ? `paid back by EFT (reference ${parts[0]!.reference})`
      : `paid back through ${name}`;
  }
  return `paid back ${parts
    .map((p) =>
      p.method === "hand"
        ? `by hand (${money(p.amountCents)}, reference ${p.reference})`
        : `through ${name} (${money(p.amountCents)})`,
    )
    .join(" and ")}`;
}
