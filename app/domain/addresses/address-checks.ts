/**
 * The checks a South African address's fields get, as plain functions: the form's schema
 * (address-schema.ts) and anything else that reads an address use the same rules.
 */

export const POSTAL_CODE_EXAMPLE = "2740";

/** Access instructions are read at the gate: a few lines at most. */
export const ACCESS_NOTES_MAX = 300;

/**
 * What is wrong with a postal code, in words a shopper can act on; null when it is four digits.
 * South African postal codes are four digits (0001-9999), with no letters or spaces inside.
 */
export function postalCodeProblem(text: string): string | null {
  const value = text.trim();
  if (/^\d{4}$/.test(value)) return null;
  if (/[^\d\s]/.test(value)) {
    return `A postal code is four digits only, such as ${POSTAL_CODE_EXAMPLE}: no letters or signs.`;
  }
  const digits = value.replace(/\s/g, "");
  if (digits.length === 4)
    return `Write the postal code without spaces, such as ${POSTAL_CODE_EXAMPLE}.`;
  return `A postal code has four digits, such as ${POSTAL_CODE_EXAMPLE}; this has ${digits.length}.`;
}

export const MOBILE_MESSAGE =
  "Enter a South African mobile number, such as 082 555 0101 or +27 82 555 0101.";

/**
 * A South African mobile number as people write it (082 555 0101, +27 82 555 0101,
 * 0027 82 555 0101, 27825550101; spaces, dashes, dots and brackets allowed) in one stored form,
 * "+27825550101"; null when it is not one. Mobile numbers start 06, 07 or 08 after the 0;
 * 080 (toll-free), 086 (shared cost) and 087 (internet telephony) are not mobiles.
 */
export function parseSaMobile(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  const national = trimmed.startsWith("+")
    ? digits.startsWith("27")
      ? digits.slice(2)
      : null
    : digits.startsWith("0027")
      ? digits.slice(4)
      : digits.startsWith("27") && digits.length === 11
        ? digits.slice(2)
        : digits.startsWith("0")
          ? digits.slice(1)
          : null;
  if (national === null || !/^(?:6\d|7\d|8[1-5])\d{7}$/.test(national)) return null;
  return `+27${national}`;
}

/** "+27825550101" as a South African reads it: "082 555 0101". Anything else as it is. */
export function formatSaMobile(stored: string): string {
  const match = /^\+27(\d{2})(\d{3})(\d{4})$/.exec(stored);
  return match ? `0${match[1]} ${match[2]} ${match[3]}` : stored;
}
