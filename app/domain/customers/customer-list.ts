import { defineList } from "~/lib/list-params";

/**
 * A customer holds an account or is a guest: someone who ordered with an e-mail no confirmed
 * account has claimed (docs/decisions/037).
 */
export const CUSTOMER_KINDS = ["account", "guest"] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** The marketing filter's values: confirmed newsletter consent, or none. */
export const CONSENT_CHOICES = [
  { value: "yes", label: "Agreed to marketing" },
  { value: "no", label: "No marketing consent" },
] as const;

export const KIND_CHOICES = [
  { value: "account", label: "Account holders" },
  { value: "guest", label: "Guests" },
] as const;

/** The customers list: who ordered last first, 20 to a page; filtered by kind, consent, tag. */
export const CUSTOMER_LIST = defineList({
  sorts: ["name", "email", "orders", "spent", "lastOrder", "laybys", "kind", "consent"] as const,
  defaultSort: "lastOrder",
  defaultDirection: "desc",
  statuses: [] as const,
  filters: ["kind", "consent", "tag"],
  pageSize: 20,
});

/** One row of the customers list, as the page and the export show it. */
export type CustomerRow = {
  /** The customer page's reference: `a-<account id>` or `g-<a guest order's number>`. */
  ref: string;
  kind: CustomerKind;
  email: string;
  name: string;
  phone: string;
  orders: number;
  /** Net sales to them from the sales ledger: invoiced, less credited, plus charges kept. */
  spentCents: number;
  lastOrderAt: Date | null;
  openLaybys: number;
  /** Confirmed newsletter subscription (the recorded consent). */
  marketing: boolean;
  /** An account whose e-mail is not confirmed yet: its guest orders have not joined it. */
  unconfirmed: boolean;
  tags: string[];
};

/** A customer as a buyer: what a hand-made invoice's buyer fields take from them. */
export type CustomerSuggestion = {
  ref: string;
  name: string;
  email: string;
  phone: string;
  /** One line per line, as the invoice prints it. */
  address: string;
  vatNumber: string;
};

const REF = /^(a|g)-([A-Za-z0-9_-]{1,64})$/;

/** A customer reference from a URL, or null when it names none. */
export function parseCustomerRef(
  text: string | undefined,
): { kind: "account"; userId: string } | { kind: "guest"; orderNumber: number } | null {
  const match = REF.exec(text ?? "");
  if (!match) return null;
  if (match[1] === "a") return { kind: "account", userId: match[2]! };
  const n = Number(match[2]);
  return Number.isSafeInteger(n) && n > 0 && n < 2 ** 31 ? { kind: "guest", orderNumber: n } : null;
}

export const customerPath = (ref: string) => `/admin/customers/${ref}`;
