import type { InvoiceSeller } from "~/db/schema";
import { shopAddressLines } from "~/domain/documents/business-document";

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
