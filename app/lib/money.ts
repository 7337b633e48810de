import { formatCount } from "./numbers";

/**
 * The shop's one money formatter: cents in, Rand out as the specification writes it ("R3,199",
 * "R2,499.50"). `{ cents: true }` always shows two decimals, as the back office does.
 * Digits are grouped by hand (see `formatCount`), not by `Intl.NumberFormat`.
 */
export function formatMoney(cents: number, options: { cents?: boolean } = {}): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.round(Math.abs(cents));
  const rands = formatCount(Math.floor(abs / 100));
  const showCents = options.cents || abs % 100 !== 0;
  return `${sign}R${rands}${showCents ? `.${String(abs % 100).padStart(2, "0")}` : ""}`;
}

/** An amount as a plain decimal number of Rand ("2499.50"), for files a spreadsheet reads. */
export function randAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** Rounded percent off, as the specification shows it on cards and cart lines. */
export function percentOff(priceCents: number, originalPriceCents: number | null | undefined) {
  if (!originalPriceCents || originalPriceCents <= priceCents) return 0;
  return Math.round(((originalPriceCents - priceCents) / originalPriceCents) * 100);
}
