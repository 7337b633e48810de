const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The shop's one money formatter: cents in, Rand out as the specification writes it ("R3,199",
 * "R2,499.50"). `{ cents: true }` always shows two decimals, as the back office does.
 */
export function formatMoney(cents: number, options: { cents?: boolean } = {}): string {
  const sign = cents < 0 ? "-" : "";
  const rands = Math.abs(cents) / 100;
  const showCents = options.cents || Math.abs(cents) % 100 !== 0;
  return `${sign}R${(showCents ? twoDecimals : whole).format(rands)}`;
}

/** Rounded percent off, as the specification shows it on cards and cart lines. */
export function percentOff(priceCents: number, originalPriceCents: number | null | undefined) {
  if (!originalPriceCents || originalPriceCents <= priceCents) return 0;
  return Math.round(((originalPriceCents - priceCents) / originalPriceCents) * 100);
}
