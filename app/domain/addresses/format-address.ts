import { formatSaMobile } from "./address-checks";
import { provinceName, type ProvinceCode } from "~/lib/provinces";

/**
 * An address as orders and saved addresses hold it. Rows from before provinces were asked have
 * no province and empty complex and suburb: their lines are the street and "town postal code",
 * as they always printed.
 */
export type PostalAddress = {
  address: string;
  complex?: string;
  suburb?: string;
  city: string;
  province?: ProvinceCode | null;
  postalCode: string;
};

export type DeliveryContact = { deliveryMobile?: string; accessNotes?: string };

/**
 * The one way an address is printed (pages, e-mails, invoices, exports), a line each:
 * complex and unit, street address, suburb, town and postal code, province. Empty parts are
 * left out, never shown as blanks.
 */
export function addressLines(a: PostalAddress): string[] {
  return [
    a.complex ?? "",
    a.address,
    a.suburb ?? "",
    [a.city, a.postalCode]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(" "),
    provinceName(a.province),
  ]
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The address on one line, for a list or a picker: "7 Buiten Street, Lichtenburg 2740, ...". */
export function addressOneLine(a: PostalAddress): string {
  return addressLines(a).join(", ");
}

/**
 * What the driver needs besides the address, as labelled lines; none when neither was given.
 * For the shop's staff and the shopper, not for a tax invoice (a gate code is nobody else's).
 */
export function deliveryContactLines(a: DeliveryContact): string[] {
  const lines: string[] = [];
  if (a.deliveryMobile) lines.push(`Delivery contact: ${formatSaMobile(a.deliveryMobile)}`);
  if (a.accessNotes?.trim()) lines.push(`Access: ${a.accessNotes.trim()}`);
  return lines;
}
