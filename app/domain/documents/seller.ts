import type { InvoiceSeller } from "~/db/schema";
import { shopAddressLines } from "./business-document";

/** The shop's details as an invoice keeps them on the day it is issued. */
export function sellerFromSettings(s: {
  storeName: string;
  legalName: string;
  registrationNumber: string;
  vatNumber: string;
  streetAddress: string;
  town: string;
  province: string;
  postalCode: string;
  phone: string;
  email: string;
}): InvoiceSeller {
  return {
    storeName: s.storeName,
    legalName: s.legalName,
    registrationNumber: s.registrationNumber,
    vatNumber: s.vatNumber,
    addressLines: shopAddressLines(s),
    phone: s.phone,
    email: s.email,
  };
}

/**
 * Whether the seller was registered for VAT when it issued the document: only a VAT vendor
 * issues a tax invoice and charges VAT (VAT Act s20); a shop without a VAT number issues a
 * plain invoice, without the words "tax invoice" or a VAT breakdown.
 */
export function isVatVendor(seller: { vatNumber: string }): boolean {
  return seller.vatNumber.trim() !== "";
}

/** What the document is called: "Tax invoice" from a VAT vendor, else "Invoice". */
export function invoiceWord(seller: { vatNumber: string }): "Tax invoice" | "Invoice" {
  return isVatVendor(seller) ? "Tax invoice" : "Invoice";
}
