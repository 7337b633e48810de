/** A South African postal code: four digits ("0300", "2740"). */
export const POSTAL_CODE_PATTERN = /^\d{4}$/;

const ENTRY = /^(\d+)(?:\s*[-–]\s*(\d+))?$/;

export type PostalCodeList = { ok: true; entries: string[] } | { ok: false; message: string };

/**
 * Staff's list of codes and ranges ("2740, 2741, 2700-2799", by commas, semicolons or lines) as
 * entries "2740" and "2700-2799", or the first mistake in words. Repeats are kept once.
 */
export function readPostalCodeList(text: string): PostalCodeList {
  const entries: string[] = [];
  for (const raw of text.split(/[,;\n]/)) {
    const item = raw.trim();
    if (item === "") continue;
    const match = ENTRY.exec(item);
    if (!match) {
      return {
        ok: false,
        message: `"${item}" is not a postal code or a range: write codes such as 2740 and ranges such as 2700-2799.`,
      };
    }
    const [, from, to] = match;
    for (const code of [from!, to].filter((c): c is string => c !== undefined)) {
      if (!POSTAL_CODE_PATTERN.test(code)) {
        return {
          ok: false,
          message: `"${code}" is not a postal code: South African postal codes have four digits, such as 2740.`,
        };
      }
    }
    if (to !== undefined && to < from!) {
      return {
        ok: false,
        message: `The range "${item}" runs backwards: write the lower code first, such as ${to}-${from}.`,
      };
    }
    const entry = to === undefined || to === from ? from! : `${from}-${to}`;
    if (!entries.includes(entry)) entries.push(entry);
  }
  return { ok: true, entries };
}

/**
 * How many codes an entry spans when it covers `code` (1 for the code itself, 100 for
 * "2700-2799"), so a narrower entry can win; null when it does not cover it.
 */
export function postalEntryWidth(entry: string, code: string): number | null {
  const [from, to = from] = entry.split("-") as [string, string?];
  if (code < from || code > to!) return null;
  return Number(to) - Number(from) + 1;
}

/** The four digits of a typed postal code ("2740 ", "27 40"), or null when it is not one. */
export function postalCodeOf(text: string): string | null {
  const digits = text.replace(/\s+/g, "");
  return POSTAL_CODE_PATTERN.test(digits) ? digits : null;
}
