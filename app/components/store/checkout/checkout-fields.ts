import type { SummaryField } from "~/components/store/error-summary";
import { ADD_ON_TEXT } from "~/domain/orders/add-ons";

/**
 * The checkout's fields in the order the page shows them, as its error summary names them and
 * links to them: the first in error is where a refused checkout takes the shopper. A choice's
 * link goes to its first option (the delivery day's to the first day offered, or to its message
 * when no day is shown); the promotion code's to its field in the order summary.
 */
export const CHECKOUT_FIELDS: readonly SummaryField[] = [
  { name: "firstName", label: "First Name" },
  { name: "lastName", label: "Last Name" },
  { name: "email", label: "Email" },
  { name: "phone", label: "Phone" },
  { name: "companyName", label: "Company Name" },
  { name: "vatNumber", label: "Company VAT Number" },
  { name: "address", label: "Street Address" },
  { name: "complex", label: "Complex / Estate and Unit" },
  { name: "suburb", label: "Suburb" },
  { name: "city", label: "City / Town" },
  { name: "province", label: "Province" },
  { name: "postal", label: "Postal Code" },
  { name: "deliveryMobile", label: "Delivery Contact Mobile" },
  { name: "accessNotes", label: "Access Instructions" },
  { name: "deliveryMethod", label: "Delivery method" },
  { name: "deliveryDay", label: "Delivery Day" },
  { name: "removal", label: ADD_ON_TEXT.removal.label },
  { name: "assembly", label: ADD_ON_TEXT.assembly.label },
  { name: "plan", label: "How would you like to pay?" },
  { name: "laybyDeposit", label: "Deposit" },
  { name: "laybyMonths", label: "Months to pay the rest" },
  { name: "paymentMethod", label: "Payment method" },
  { name: "terms", label: "Terms and Conditions" },
  { name: "promoCode", label: "Promotion code", target: "field-promo" },
];
