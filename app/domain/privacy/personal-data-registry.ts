/**
 * Every column of the database that may hold a person's name, contact details, address,
 * signature, photo or words, and what the privacy tools do with it (docs/decisions/033).
 * `personal-data-registry.test.ts` walks the schema and fails on a column whose name looks
 * personal and is not listed here, so a new table of names or pictures cannot go unnoticed by
 * the export (`findPersonalData`) and the erasure (`erasePersonalData`).
 */

export type PrivacyHandling =
  /** The person's: in their export, and emptied, replaced or deleted by an erasure (how). */
  | { kind: "erased"; how: string }
  /** In the export, kept by an erasure because a law requires it (why). */
  | { kind: "kept"; why: string }
  /** Names someone the shop works with (staff, a supplier), held for that work (why). */
  | { kind: "work"; why: string }
  /** Looks personal by its name, but is not (why). */
  | { kind: "not personal"; why: string };

const erased = (how: string): PrivacyHandling => ({ kind: "erased", how });
const kept = (why: string): PrivacyHandling => ({ kind: "kept", why });
const work = (why: string): PrivacyHandling => ({ kind: "work", why });
const notPersonal = (why: string): PrivacyHandling => ({ kind: "not personal", why });

/** Words of a column's name (split at `_`) that say it may hold personal data. */
export const PERSONAL_WORDS = new Set([
  "name",
  "email",
  "mail",
  "phone",
  "mobile",
  "whatsapp",
  "contact",
  "signature",
  "photo",
  "image",
  "file",
  "recipient",
  "address",
  "street",
  "complex",
  "suburb",
  "city",
  "town",
  "towns",
  "postal",
  "province",
  "provinces",
  "vat",
  "company",
  "holder",
  "note",
  "notes",
  "message",
  "title",
  "body",
  "reply",
  "details",
  "actor",
  "author",
  "agent",
  "identifier",
]);

/** Whether a column, by its name, may hold personal data. */
export function looksPersonal(column: string): boolean {
  return column.split("_").some((word) => PERSONAL_WORDS.has(word));
}

const ORDER_FIELD = erased("emptied on the person's orders, which stay for their amounts");
const DELETED = erased("deleted");
const WITH_ACCOUNT = erased("deleted with the account");
const ENQUIRY = erased("deleted with the enquiry");
const SHOP = notPersonal("the shop's own details, printed on its documents");
const CATALOGUE = notPersonal("the catalogue and the shop's set-up");
const STAFF_ACTOR = work(
  "who on the staff did it: the shop's record of its people's work (erasure is refused for staff)",
);

/** Table (SQL name) to column (SQL name) to what the privacy tools do with it. */
export const PERSONAL_DATA_REGISTRY: Record<string, Record<string, PrivacyHandling>> = {
  users: {
    name: WITH_ACCOUNT,
    email: WITH_ACCOUNT,
    image: WITH_ACCOUNT,
  },
  sessions: {
    ip_address: erased("deleted with the account (the export counts sessions); after 90 days"),
    user_agent: erased("deleted with the account (the export counts sessions)"),
  },
  verifications: {
    identifier: erased("deleted with the account: sign-in codes and reset links, never exported"),
  },
  customer_addresses: {
    first_name: WITH_ACCOUNT,
    last_name: WITH_ACCOUNT,
    phone: WITH_ACCOUNT,
    address: WITH_ACCOUNT,
    complex: WITH_ACCOUNT,
    suburb: WITH_ACCOUNT,
    city: WITH_ACCOUNT,
    province: WITH_ACCOUNT,
    postal_code: WITH_ACCOUNT,
    delivery_mobile: WITH_ACCOUNT,
    access_notes: WITH_ACCOUNT,
  },
  orders: {
    first_name: erased("reads Erased on the person's orders, which stay for their amounts"),
    last_name: ORDER_FIELD,
    email: ORDER_FIELD,
    phone: ORDER_FIELD,
    company_name: erased("emptied on the order; an issued full tax invoice keeps its own copy"),
    vat_number: erased("emptied on the order; an issued full tax invoice keeps its own copy"),
    address: ORDER_FIELD,
    complex: ORDER_FIELD,
    suburb: ORDER_FIELD,
    city: ORDER_FIELD,
    province: ORDER_FIELD,
    postal_code: ORDER_FIELD,
    delivery_mobile: ORDER_FIELD,
    access_notes: ORDER_FIELD,
  },
  order_events: {
    message: erased("the name, e-mail, phone and the goods' receiver taken out"),
    actor: work("who on the staff did it; reads erased when a former colleague is erased"),
  },
  order_lines: { title: CATALOGUE },
  payments: {
    details: erased("the provider's fields naming or reaching the buyer removed"),
  },
  promotion_redemptions: {
    email_key: erased("deleted: the promotion's once-per-customer rule forgets the person"),
  },
  invoices: {
    buyer_name: kept(
      "on a full tax invoice (over R5,000), with a business buyer's company: VAT Act s20(4); Erased on any other",
    ),
    buyer_email: erased("emptied on every invoice"),
    buyer_phone: erased("emptied on every invoice"),
    buyer_address: kept(
      "on a full tax invoice (over R5,000): VAT Act s20(4); emptied on any other",
    ),
    buyer_vat_number: kept(
      "on a full tax invoice (over R5,000): VAT Act s20(4); emptied on any other",
    ),
    notes: kept("printed on the issued invoice, kept as issued for five years (TAA s29)"),
  },
  delivery_bookings: {
    // With held_by_device: how many delivery days one shopper's unpaid checkouts hold (issue 53).
    held_by_address: erased(
      "the network address of an unpaid order's checkout: cleared when the order is paid and deleted with the booking when it expires unpaid, so kept at most the order's time to pay",
    ),
  },
  delivery_proofs: {
    recipient_name: erased("reads Erased; in the export as who received the goods"),
    signature_file: erased("no longer named, and the file removed; in the export as a data URL"),
    photo_file: erased("no longer named, and the file removed; in the export as a data URL"),
    note: erased("the driver's words stay, without the person's or the receiver's name"),
    customer_message: erased(
      "the driver's words stay, without the person's or the receiver's name",
    ),
    recorded_by_name: work("the driver who recorded the visit"),
  },
  delivery_quotes: {
    note: notPersonal("staff's words about the carriage and its price, as refund reasons are"),
    quoted_by_email: STAFF_ACTOR,
  },
  consultation_requests: {
    name: ENQUIRY,
    email: ENQUIRY,
    phone: ENQUIRY,
    message: ENQUIRY,
    staff_note: ENQUIRY,
  },
  contact_messages: {
    first_name: ENQUIRY,
    last_name: ENQUIRY,
    email: ENQUIRY,
    phone: ENQUIRY,
    message: ENQUIRY,
    staff_note: ENQUIRY,
  },
  newsletter_subscribers: { email: DELETED },
  customer_notes: {
    email: DELETED,
    body: DELETED,
    author_id: STAFF_ACTOR,
    author_email: STAFF_ACTOR,
  },
  customer_tags: {
    email: DELETED,
    author_id: STAFF_ACTOR,
    author_email: STAFF_ACTOR,
  },
  reviews: {
    email: erased("emptied; the stars stay in the product's figures"),
    display_name: erased("reads A former customer"),
    title: erased("emptied"),
    body: erased("emptied"),
    reply: erased("emptied: the shop's answer quotes and names the writer"),
  },
  review_photos: { file: erased("deleted, and the file removed") },
  review_opt_outs: { email: DELETED },
  audit_log: {
    actor_id: erased("set to nobody when the account goes"),
    actor_email: erased("emptied on the person's entries"),
    ip_address: erased("emptied on the person's entries, and on all after 90 days"),
    details: erased("the address reads [erased]; a delivery's receiver reads Erased"),
  },
  stock_movements: { actor: STAFF_ACTOR },
  purchase_orders: { notes: notPersonal("staff's words to a supplier about the goods") },
  purchase_order_events: {
    message: notPersonal("what happened to a purchase order"),
    actor: STAFF_ACTOR,
  },
  suppliers: {
    name: work("a business the shop buys from, kept with its purchase orders"),
    contact_person: work("a supplier's contact, corrected by staff on the Suppliers page"),
    email: work("a supplier's contact, corrected by staff on the Suppliers page"),
    phone: work("a supplier's contact, corrected by staff on the Suppliers page"),
    address: work("a supplier's address, printed on its purchase orders"),
  },
  store_settings: {
    store_name: SHOP,
    legal_name: SHOP,
    vat_number: SHOP,
    street_address: SHOP,
    town: SHOP,
    province: SHOP,
    postal_code: SHOP,
    phone: SHOP,
    whatsapp: SHOP,
    email: SHOP,
    bank_name: SHOP,
    bank_account_holder: SHOP,
  },
  products: { title: CATALOGUE },
  brands: { name: CATALOGUE },
  categories: { name: CATALOGUE },
  warehouses: { name: CATALOGUE },
  delivery_zones: {
    name: CATALOGUE,
    postal_codes: notPersonal("the areas the shop delivers to"),
    towns: notPersonal("the areas the shop delivers to"),
    provinces: notPersonal("the areas the shop delivers to"),
  },
  document_counters: { name: notPersonal("the kind of document counted") },
  job_leases: { name: notPersonal("the job's name") },
};
