/** A South African VAT registration number: ten digits starting with 4 (spaces allowed). */
export function parseVatNumber(text: string): string | null {
  const digits = text.replace(/[\s-]/g, "");
  return /^4\d{9}$/.test(digits) ? digits : null;
}

export const VAT_NUMBER_MESSAGE = "Enter a VAT number of 10 digits starting with 4.";
