/** A search's words as tokens, for reading them one phrase at a time (`understand-search.ts`). */

export type Token = { raw: string; word: string; used: boolean };

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const raw of text
    .replace(/¾/g, " 3/4 ")
    .normalize("NFKC")
    .replace(/\u2044/g, "/")
    .split(/\s+/)) {
    const word = raw.toLowerCase().replace(/^[("'“‘[]+|[)"'”’\],.;:!?]+$/g, "");
    if (!word) continue;
    // "super-king", "three-quarter", "memory-foam": words joined by hyphens are read one by
    // one; anything with a digit ("MT-3/4", "R3k-R6k") stays whole.
    if (/^[a-z]+(?:-[a-z]+)+$/.test(word)) {
      const parts = raw.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "").split("-");
      for (const part of parts) tokens.push({ raw: part, word: part.toLowerCase(), used: false });
      continue;
    }
    tokens.push({ raw, word, used: false });
  }
  return tokens;
}

/** The words of a protected phrase (a brand such as "King Koil") are left as text: no reader takes them. */
const PROTECTED = Symbol("protected");
export type ProtectedToken = Token & { [PROTECTED]?: true };

export function protect(tokens: ProtectedToken[], phrases: readonly string[]) {
  for (const phrase of phrases) {
    const words = tokenize(phrase).map((t) => t.word);
    if (words.length === 0) continue;
    for (let i = 0; i + words.length <= tokens.length; i++) {
      if (words.every((w, k) => tokens[i + k]!.word === w)) {
        for (let k = 0; k < words.length; k++) tokens[i + k]![PROTECTED] = true;
      }
    }
  }
}

export const isFree = (t: ProtectedToken | undefined): t is Token =>
  !!t && !t.used && !t[PROTECTED];

export function markUsed(tokens: Token[], from: number, to: number) {
  for (let k = from; k < to; k++) tokens[k]!.used = true;
}

/** How many tokens from `i` make one of the phrases (0 for none). */
export function phraseAt(tokens: Token[], i: number, phrases: readonly string[]): number {
  for (const phrase of phrases) {
    const words = phrase.split(" ");
    if (words.every((w, k) => isFree(tokens[i + k]) && tokens[i + k]!.word === w))
      return words.length;
  }
  return 0;
}
