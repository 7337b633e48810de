/** Prices in a search, read onto the listing's price range (`understand-search.ts`). */
import { parseAmount } from "~/lib/money";
import { PRICE_RANGE } from "./listing-query";
import { isFree, markUsed, phraseAt, type Token } from "./search-tokens";

const UPPER_WORDS = [
  "under",
  "below",
  "less than",
  "up to",
  "upto",
  "max",
  "maximum",
  "at most",
  "cheaper than",
  "<",
  "<=",
];
const LOWER_WORDS = ["over", "above", "more than", "at least", "min", "minimum", "from", ">", ">="];
const RANGE_WORDS = ["to", "and", "-", "–"];

/** Whole Rand, inclusive, inside the price slider's bounds; null for any price. */
type PriceRange = [number, number] | null;

/**
 * Prices as South Africans write them: "under 5000", "below R5k", "R3,000 to R6,000",
 * "between R3 000 and R6 000", "over R8,000", "R3k-R6k".
 */
export function readPrices(tokens: Token[], filters: { price: PriceRange }) {
  for (let i = 0; i < tokens.length; i++) {
    if (!isFree(tokens[i])) continue;
    const upper = phraseAt(tokens, i, UPPER_WORDS);
    const lower = upper ? 0 : phraseAt(tokens, i, LOWER_WORDS);
    const between = upper || lower ? 0 : phraseAt(tokens, i, ["between"]);
    const start = i + upper + lower + between;
    const first = readAmount(tokens, start);
    if (!first) continue;
    // A range: "R3,000 to R6,000", "between 3000 and 6000", "from R3k to R6k", "R3k-R6k".
    const joiner = upper ? 0 : phraseAt(tokens, first.next, RANGE_WORDS);
    const second =
      joiner || first.joined ? readAmount(tokens, first.next + joiner, first.joined) : null;
    if (second && !upper) {
      // Without a word saying so, two plain numbers ("2 to 3 pillows") are not prices.
      if (!lower && !between && !first.marked && !second.marked && first.cents < 10000) continue;
      setPrice(filters, first.cents, second.cents);
      markUsed(tokens, i, second.next);
    } else if (upper) {
      setPrice(filters, 0, first.cents);
      markUsed(tokens, i, first.next);
    } else if (lower) {
      setPrice(filters, first.cents, null);
      markUsed(tokens, i, first.next);
    } else continue;
  }
}

function setPrice(filters: { price: PriceRange }, lowCents: number, highCents: number | null) {
  const clamp = (rand: number) => Math.min(PRICE_RANGE.max, Math.max(PRICE_RANGE.min, rand));
  let low = clamp(Math.ceil(lowCents / 100));
  let high = highCents === null ? PRICE_RANGE.max : clamp(Math.floor(highCents / 100));
  if (low > high) [low, high] = [high, low];
  // The whole slider ("under R1,000,000") asks for no price at all.
  filters.price = low <= PRICE_RANGE.min && high >= PRICE_RANGE.max ? null : [low, high];
}

type Amount = {
  cents: number;
  next: number;
  /** Written with an R or a k, so surely money. */
  marked: boolean;
  /** The token held a second amount after a dash ("R3k-R6k"): read it from the same token. */
  joined?: string;
};

/**
 * An amount from token `i`: "5000", "R5000", "R5k", "R3,000", "R 5 000" (groups of three in
 * tokens of their own), through the shop's one amount parser. `part` is the second half of a
 * token split at a dash.
 */
function readAmount(tokens: Token[], i: number, part?: string): Amount | null {
  if (part !== undefined) {
    const cents = amountOf(part);
    return cents === null ? null : { cents, next: i, marked: /^r|k$/.test(part) };
  }
  const token = tokens[i];
  if (!isFree(token)) return null;
  let text = token.word;
  let next = i + 1;
  if (text === "r" && isFree(tokens[next]) && /^\d/.test(tokens[next]!.word)) {
    text += tokens[next]!.word;
    next++;
  }
  const dash = text.match(/^(r?[\d.,]+k?)[-–](r?[\d.,]+k?)$/);
  if (dash) {
    const cents = amountOf(dash[1]!);
    if (cents === null || amountOf(dash[2]!) === null) return null;
    return { cents, next, marked: /^r|k$/.test(dash[1]!), joined: dash[2]! };
  }
  // "5 000", "R5 000 000": groups of three digits typed apart.
  if (/^r?\d{1,3}$/.test(text)) {
    while (isFree(tokens[next]) && /^\d{3}$/.test(tokens[next]!.word) && next - i < 4) {
      text += tokens[next]!.word;
      next++;
    }
  }
  const cents = amountOf(text);
  return cents === null ? null : { cents, next, marked: /^r|k$/.test(text) };
}

function amountOf(text: string): number | null {
  let rest = text.replace(/^r/, "");
  if (!/^\d/.test(rest)) return null;
  const thousands = rest.match(/^(\d+(?:[.,]\d+)?)k$/);
  if (thousands) {
    const cents = parseAmount(thousands[1]!);
    return cents === null ? null : cents * 1000;
  }
  // In a search "3,000" is three thousand: nobody looks for R3.00.
  if (/^\d{1,3}(?:,\d{3})+$/.test(rest)) rest = rest.replace(/,/g, "");
  return parseAmount(rest);
}
