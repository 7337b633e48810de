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

/** The one message for an amount that cannot be read for sure, at every money field. */
export const AMOUNT_MESSAGE = "Write the amount as 1150,50 or 1150.50.";

// Thousands grouped by spaces: an ordinary, a no-break, a narrow no-break or a thin space.
const SPACE = "[ \\u00a0\\u202f\\u2009]";
/**
 * Whole Rand plain or grouped by spaces, with a decimal comma or point ("1 150,50", "1150.5");
 * or grouped by commas before a decimal point ("1,150.50"), or in two groups or more without
 * one ("1,150,000"). A lone "1,150" or "1.150" is not here: a thousand, or a Rand and decimals?
 */
const AMOUNT = new RegExp(
  `^(?:(\\d{1,12}|\\d{1,3}(?:${SPACE}\\d{3}){1,3})(?:[.,](\\d{1,2}))?` +
    `|(\\d{1,3}(?:,\\d{3}){1,3})\\.(\\d{1,2})|(\\d{1,3}(?:,\\d{3}){2,3}))$`,
);

/**
 * The shop's one amount parser: Rand as people in South Africa type it, to integer cents.
 * "1150,50", "1 150,50", "1,150.50", "1150.50" and "R1 150,50" are all 115050; "R 1150" and
 * "1150" are 115000; a leading minus (before or after the R) makes it negative, and each field
 * says whether it takes one. Null for anything that could mean two amounts ("1,150"), more than
 * two decimals, "1.150,50" (a point never groups thousands here) or any other text.
 */
export function parseAmount(text: string): number | null {
  let rest = text.trim();
  if (rest.length > 40) return null;
  let negative = false;
  const takeSign = () => {
    if (/^[-\u2212]/.test(rest)) {
      negative = true;
      rest = rest.slice(1).trimStart();
    }
  };
  takeSign();
  if (/^r/i.test(rest)) {
    rest = rest.slice(1).trimStart();
    if (!negative) takeSign();
  }
  const match = AMOUNT.exec(rest);
  if (!match) return null;
  const rands = (match[1] ?? match[3] ?? match[5]!).replace(/\D/g, "");
  const decimals = (match[2] ?? match[4] ?? "").padEnd(2, "0");
  const cents = Number(rands) * 100 + Number(decimals);
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * Cents as a money field shows them for editing ("1150.50", "-20.00"; "" for none): no
 * grouping and a decimal point, so `parseAmount` reads it back to the same cents.
 */
export function amountInputValue(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const abs = Math.abs(Math.round(cents));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
  return cents < 0 && abs !== 0 ? `-${text}` : text;
}

/**
 * The attributes of every money input: text, because a number input refuses "1150,50" in
 * browsers, with the phone's decimal keypad.
 */
export const MONEY_INPUT = { type: "text", inputMode: "decimal", autoComplete: "off" } as const;
