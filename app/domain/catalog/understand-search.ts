/**
 * Reads the shop's own words in a search ("queen memory foam under 5000") as the listing's
 * filters, and leaves the rest as text to search for. Pure: words in, filters and text out.
 *
 * Only the words below are understood, each onto a filter the listing already has; a misspelt
 * word is corrected only to one of them (never to product text), and a phrase the caller
 * protects (a brand such as "King Koil") is left as text.
 */
import { BED_SIZES } from "~/domain/legal/policy-facts";
import { type CheckboxGroupId, type ListingCategory, type ListingQuery } from "./listing-query";
import { readPrices } from "./search-prices";
import {
  isFree,
  markUsed,
  protect,
  tokenize,
  type ProtectedToken,
  type Token,
} from "./search-tokens";

type Meaning = { group: CheckboxGroupId; option: string } | { category: ListingCategory };

const size = (option: string): Meaning => ({ group: "bed-size", option });
const material = (option: string): Meaning => ({ group: "mattress-type", option });
const comfort = (option: string): Meaning => ({ group: "comfort-level", option });
const bedType = (option: string): Meaning => ({ group: "bed-type", option });
const category = (slug: ListingCategory): Meaning => ({ category: slug });

/** The shop's words and what each means; a longer phrase wins over a shorter one inside it. */
const VOCABULARY: [string, Meaning][] = [
  ["single", size("single")],
  ["singles", size("single")],
  ["three quarter", size("three-quarter")],
  ["threequarter", size("three-quarter")],
  ["3/4", size("three-quarter")],
  ["double", size("double")],
  ["doubles", size("double")],
  ["queen", size("queen")],
  ["queens", size("queen")],
  ["king", size("king")],
  ["kings", size("king")],
  ["kingsize", size("king")],
  ["queensize", size("queen")],
  ["super king", size("super-king")],
  ["superking", size("super-king")],
  ["mattress", category("mattresses")],
  ["mattresses", category("mattresses")],
  ["pillow", category("pillows")],
  ["pillows", category("pillows")],
  ["bedding", category("bedding")],
  ["bed frame", category("beds")],
  ["bed frames", category("beds")],
  ["divan", bedType("divan")],
  ["divans", bedType("divan")],
  ["base", bedType("divan")],
  ["bases", bedType("divan")],
  ["bed base", bedType("divan")],
  ["bed bases", bedType("divan")],
  ["adjustable", bedType("adjustable")],
  ["adjustable base", bedType("adjustable")],
  ["adjustable bed", bedType("adjustable")],
  ["storage bed", bedType("storage")],
  ["platform bed", bedType("platform")],
  ["firm", comfort("firm")],
  ["extra firm", comfort("firm")],
  ["medium", comfort("medium")],
  ["plush", comfort("plush")],
  ["soft", comfort("plush")],
  ["memory foam", material("memory-foam")],
  ["memoryfoam", material("memory-foam")],
  ["latex", material("latex")],
  ["hybrid", material("hybrid")],
  ["spring", material("spring")],
  ["springs", material("spring")],
  ["pocket spring", material("spring")],
  ["pocket springs", material("spring")],
  ["innerspring", material("spring")],
];

const PHRASES = VOCABULARY.map(([words, meaning]) => ({ words: words.split(" "), meaning })).sort(
  (a, b) => b.words.length - a.words.length,
);
const KNOWN_WORDS = [...new Set(PHRASES.flatMap((p) => p.words))].filter((w) => /^[a-z]+$/.test(w));

/** Real words a letter away from one of ours, which a shopper means as they are. */
const NOT_MISSPELLINGS = new Set([
  "plus",
  "later",
  "latte",
  "string",
  "socket",
  "locket",
  "diva",
  "duet",
  "queer",
  "singlet",
  "supper",
  "bass",
  "basis",
  "kind",
  "kingdom",
]);

/** Words that only join others ("queen size", "mattress and base"): dropped beside what was read. */
const JOINING_WORDS = new Set([
  "and",
  "with",
  "for",
  "a",
  "an",
  "the",
  "in",
  "of",
  "size",
  "sized",
  "&",
  "+",
]);

/** Only so much is read: the listing keeps 100 characters of a search. */
const MAX_CHARACTERS = 200;

export type UnderstoodFilters = {
  category: ListingCategory | null;
  /** Options by group, each list sorted and without duplicates. */
  selections: Partial<Record<CheckboxGroupId, string[]>>;
  /** Whole Rand, inclusive, inside the price slider's bounds; null when none was read. */
  price: [number, number] | null;
};

export type UnderstoodSearch = {
  filters: UnderstoodFilters;
  /** The words left to search for as text, as typed. */
  remainingText: string;
};

export function understandSearch(
  text: string,
  options: { keepPhrases?: readonly string[] } = {},
): UnderstoodSearch {
  const tokens = tokenize(text.slice(0, MAX_CHARACTERS));
  const filters: UnderstoodFilters = { category: null, selections: {}, price: null };
  protect(tokens, options.keepPhrases ?? []);
  readPrices(tokens, filters);
  readCentimetres(tokens, filters);
  readWords(tokens, filters);
  // Nothing read: the text stays exactly as it came.
  if (!tokens.some((t) => t.used)) return { filters, remainingText: text };
  return { filters, remainingText: remainingText(tokens) };
}

/**
 * The listing a search's words ask for: read into filters, then what is left read again until
 * nothing more is, so that reading the answer's own address once more changes nothing (a
 * shared link stays as it is; a removed chip is not put back).
 */
export function readSearchWords(
  query: ListingQuery,
  options: { keepPhrases?: readonly string[] } = {},
): ListingQuery {
  let next = query;
  for (let round = 0; round < 3 && next.q; round++) {
    const search = understandSearch(next.q, options);
    if (search.remainingText === next.q) break;
    next = withUnderstood(next, search);
  }
  return next;
}

/**
 * A listing's query with what was understood added: options join the ones chosen, a price or
 * category read from the words replaces the one chosen before (they are the newer wish).
 */
export function withUnderstood(query: ListingQuery, search: UnderstoodSearch): ListingQuery {
  const selections = { ...query.selections };
  for (const [group, options] of Object.entries(search.filters.selections)) {
    const id = group as CheckboxGroupId;
    selections[id] = [...new Set([...(selections[id] ?? []), ...options])].sort();
  }
  return {
    ...query,
    q: search.remainingText,
    category: search.filters.category ?? query.category,
    selections,
    price: search.filters.price ?? query.price,
    page: 1,
  };
}

function readWords(tokens: Token[], filters: UnderstoodFilters) {
  const words = tokens.map((t) => (isFree(t) ? corrected(t.word) : null));
  for (let i = 0; i < tokens.length; i++) {
    if (!isFree(tokens[i])) continue;
    const phrase = PHRASES.find(
      (p) =>
        i + p.words.length <= tokens.length &&
        p.words.every((w, k) => isFree(tokens[i + k]) && words[i + k] === w),
    );
    if (!phrase) continue;
    if (!apply(filters, phrase.meaning)) continue;
    for (let k = 0; k < phrase.words.length; k++) tokens[i + k]!.used = true;
    i += phrase.words.length - 1;
  }
}

/** Adds a meaning; false when it cannot be held (a second category stays as text). */
function apply(filters: UnderstoodFilters, meaning: Meaning): boolean {
  if ("category" in meaning) {
    if (filters.category && filters.category !== meaning.category) return false;
    filters.category = meaning.category;
    return true;
  }
  const chosen = new Set(filters.selections[meaning.group] ?? []);
  chosen.add(meaning.option);
  filters.selections[meaning.group] = [...chosen].sort();
  return true;
}

/** The known word a typed one stands for: itself, or the one known word a typo away. */
function corrected(word: string): string {
  if (KNOWN_WORDS.includes(word) || word.length < 4 || !/^[a-z]+$/.test(word)) return word;
  if (NOT_MISSPELLINGS.has(word)) return word;
  let best: string | null = null;
  let bestDistance = Infinity;
  let ties = 0;
  for (const known of KNOWN_WORDS) {
    // A typo rarely hits the first letter, and short words have too many neighbours.
    if (known[0] !== word[0] || known.length < 5) continue;
    const allowed = known.length >= 8 ? 2 : 1;
    const distance = editDistance(word, known, allowed);
    if (distance > allowed) continue;
    if (distance < bestDistance) [best, bestDistance, ties] = [known, distance, 0];
    else if (distance === bestDistance) ties++;
  }
  return best && ties === 0 ? best : word;
}

/** Edits (insert, delete, change, swap two neighbours) from a to b, counted up to `limit` + 1. */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      }
      row.push(d);
    }
    rows.push(row);
  }
  return Math.min(rows[a.length]![b.length]!, limit + 1);
}

/** "152cm", "152 cm", "152x188", "152 x 188 cm": the shop's sizes by width (and length). */
function readCentimetres(tokens: Token[], filters: UnderstoodFilters) {
  for (let i = 0; i < tokens.length; i++) {
    if (!isFree(tokens[i])) continue;
    const rest = tokens
      .slice(i, i + 4)
      .map((t) => (isFree(t) ? t.word : "\0"))
      .join(" ");
    const match = rest.match(/^(\d{2,3}) ?(?:(?:cm)? ?[x×] ?(\d{3}) ?(cm)?|(cm))(?= |$)/);
    if (!match) continue;
    const width = Number(match[1]);
    const length = match[2] ? Number(match[2]) : null;
    const found = BED_SIZES.find(
      (s) => s.widthCm === width && (length === null || s.lengthCm === length),
    );
    if (!found) continue;
    apply(filters, size(found.name.toLowerCase()));
    const used = match[0].split(" ").length;
    markUsed(tokens, i, i + used);
    i += used - 1;
  }
}

function remainingText(tokens: ProtectedToken[]): string {
  const left = tokens.filter((t) => !t.used);
  // Joining words beside what was read go with it ("queen size", "mattress and base").
  const edges = (list: Token[]) => {
    let from = 0;
    let to = list.length;
    while (from < to && JOINING_WORDS.has(list[from]!.word)) from++;
    while (to > from && JOINING_WORDS.has(list[to - 1]!.word)) to--;
    return list.slice(from, to);
  };
  return edges(left)
    .map((t) => t.raw)
    .filter(Boolean)
    .join(" ");
}
