import { adminFormTargets } from "./fuzz-forms-admin";

/**
 * The bad-input corpus of the fuzz journey: every form and endpoint of the shop (each route
 * with an action, each loader that reads path segments or query values), and a seeded
 * generator of requests against them. The same seed always gives the same requests.
 */

export type FuzzRequest = {
  label: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: Uint8Array<ArrayBuffer>;
  /** Sent with the owner's session cookie. */
  owner: boolean;
};

/** What the journey learns from the running shop before it starts (real ids and links). */
export type ShopFacts = {
  productSlug: string;
  productId: string;
  orderNumber: string;
  orderToken: string;
  paymentReference: string;
  /** The demo gateway's signed page for that payment: its query string. */
  gatewayQuery: string;
  /** Delivery days the demo's Mahikeng zone offers (the order above holds the first). */
  deliveryDays: string[];
};

export type FormTarget = {
  path: string;
  fields: Record<string, string>;
  owner?: boolean;
};

export type PageTarget = {
  /** With `:name` for each path segment that is fuzzed. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  owner?: boolean;
};

/**
 * The routes of app/routes.ts that have an action, with fields a real page would send: the
 * storefront's and the account's here, the back office's in fuzz-forms-admin.ts.
 */
export function formTargets(f: ShopFacts): FormTarget[] {
  const email = "naledi@example.com";
  return [
    {
      path: "/contact",
      fields: {
        firstName: "Naledi",
        lastName: "Khumalo",
        email,
        phone: "083 000 1111",
        subject: "Delivery",
        message: "When do you deliver?",
      },
    },
    {
      path: "/consultation",
      fields: {
        name: "Naledi",
        email,
        phone: "083 000 1111",
        consultationType: "purchase",
        message: "",
      },
    },
    { path: "/newsletter", fields: { email } },
    {
      path: "/checkout",
      fields: {
        firstName: "Naledi",
        lastName: "Khumalo",
        email,
        phone: "083 000 1111",
        companyName: "Kgosi Guest House",
        vatNumber: "4123456789",
        address: "3 Main Road",
        complex: "Unit 4, Protea Gardens",
        suburb: "Golfview",
        city: "Mahikeng",
        province: "NW",
        postal: "2745",
        deliveryMobile: "+27 82 555 0101",
        accessNotes: "Gate code 1234, the blue house",
        deliveryMethod: "standard",
        deliveryDay: f.deliveryDays[0]!,
        removal: "on",
        assembly: "on",
        paymentMethod: "card",
        promoCode: "",
        terms: "on",
        lines: JSON.stringify([{ variantId: 1, quantity: 1 }]),
        idempotencyKey: "fuzz-checkout-key-0000",
      },
    },
    {
      path: `/orders/${f.orderNumber}?token=${encodeURIComponent(f.orderToken)}`,
      fields: { paymentMethod: "card" },
    },
    {
      path: `/orders/${f.orderNumber}?token=${encodeURIComponent(f.orderToken)}`,
      fields: { intent: "move-delivery", deliveryDay: f.deliveryDays[1]! },
    },
    // The fuzz order is priced by its zone: declining a quote it never had changes nothing.
    {
      path: `/orders/${f.orderNumber}?token=${encodeURIComponent(f.orderToken)}`,
      fields: { intent: "decline-quote" },
    },
    {
      path: "/checkout",
      fields: {
        firstName: "Naledi",
        lastName: "Khumalo",
        email,
        phone: "083 000 1111",
        address: "3 Main Road",
        city: "Mahikeng",
        province: "NW",
        postal: "2745",
        deliveryMethod: "standard",
        paymentMethod: "payfast",
        plan: "layby",
        laybyDeposit: "600.00",
        laybyMonths: "3",
        promoCode: "",
        terms: "on",
        lines: JSON.stringify([{ variantId: 1, quantity: 1 }]),
        idempotencyKey: "fuzz-layby-checkout-key-0000",
      },
    },
    {
      path: `/orders/${f.orderNumber}?token=${encodeURIComponent(f.orderToken)}`,
      fields: { intent: "cancel-layby" },
    },
    {
      path: `/account/orders/${f.orderNumber}`,
      fields: { intent: "pay", paymentMethod: "payfast" },
      owner: true,
    },
    {
      path: `/account/orders/${f.orderNumber}`,
      fields: { intent: "cancel-layby" },
      owner: true,
    },
    {
      path: `/account/orders/${f.orderNumber}`,
      fields: { intent: "move-delivery", deliveryDay: f.deliveryDays[1]! },
      owner: true,
    },
    {
      path: `/account/orders/${f.orderNumber}`,
      fields: { intent: "decline-quote" },
      owner: true,
    },
    { path: `/newsletter/unsubscribe?token=${"a".repeat(32)}`, fields: {} },
    // Review links the shop never sent: the form is read and checked before the link is looked up.
    {
      path: `/reviews/write/${"a".repeat(43)}`,
      fields: { rating: "5", title: "Lovely", body: "Sleeps well.", displayName: "Naledi" },
    },
    { path: `/reviews/stop/${"a".repeat(43)}`, fields: {} },
    // The owner bought nothing: refused (403) unless the settings take reviews from non-buyers.
    {
      path: `/products/${f.productSlug}/review`,
      fields: { rating: "4", title: "", body: "", displayName: "Naledi" },
      owner: true,
    },
    {
      path: `/demo-gateway?${f.gatewayQuery}`,
      fields: {
        cardNumber: "4000 0000 0000 0002",
        expiry: "12/39",
        cvv: "123",
        cardName: "N Khumalo",
        intent: "decline",
      },
    },
    { path: "/auth", fields: { email, password: "a-password", intent: "sign-up" } },
    { path: "/auth", fields: { email, password: "a-password" } },
    { path: "/auth/sign-out", fields: {} },
    { path: "/admin-login", fields: { email, password: "a-password", rememberMe: "on" } },
    {
      path: "/admin-login?next=%2Fadmin%2Forders%2F1001",
      fields: { email, password: "a-password", rememberMe: "on" },
    },
    { path: "/admin-login/forgot", fields: { email } },
    {
      path: "/admin-login/reset",
      fields: {
        token: "not-a-real-token",
        password: "new-password",
        confirmPassword: "new-password",
      },
    },
    { path: "/account/sign-in", fields: { email, password: "a-password", rememberMe: "on" } },
    {
      path: "/account/sign-up",
      fields: {
        name: "Naledi Khumalo",
        email,
        password: "a-password",
        confirmPassword: "a-password",
      },
    },
    { path: "/account/forgot", fields: { email } },
    {
      path: "/account/reset",
      fields: {
        token: "not-a-real-token",
        password: "new-password",
        confirmPassword: "new-password",
      },
    },
    { path: "/account/sign-out", fields: {} },
    { path: "/account", fields: { intent: "resend-verification" }, owner: true },
    {
      path: "/account/addresses",
      fields: {
        intent: "add",
        label: "Home",
        firstName: "Naledi",
        lastName: "Khumalo",
        phone: "083 000 1111",
        address: "3 Main Road",
        complex: "Unit 4, Protea Gardens",
        suburb: "Golfview",
        city: "Mahikeng",
        province: "NW",
        postal: "2745",
        deliveryMobile: "+27 82 555 0101",
        accessNotes: "Gate code 1234, the blue house",
        isDefault: "on",
      },
      owner: true,
    },
    {
      path: "/account/addresses",
      fields: { intent: "update", id: "1", label: "Work" },
      owner: true,
    },
    { path: "/account/addresses", fields: { intent: "default", id: "1" }, owner: true },
    { path: "/account/addresses", fields: { intent: "delete", id: "2147483646" }, owner: true },
    // Signed out: the owner's session would count wrong passwords against the demo owner.
    { path: "/account/privacy", fields: { password: "not-the-password" } },
    { path: "/account/privacy/export", fields: {} },
    { path: "/theme", fields: { theme: "dark", redirectTo: "/products?q=bed" } },
    {
      path: "/api/payments/demo/notify",
      fields: {
        reference: f.paymentReference,
        status: "approved",
        amount: "100",
        demo_payment_id: "demo_1",
        card_brand: "Visa",
        card_last4: "0002",
        timestamp: "1700000000000",
        signature: "0".repeat(64),
      },
    },
    ...adminFormTargets(f),
  ];
}

/** The JSON endpoints, with a body the shop's own pages send. */
export const JSON_TARGETS = [
  { path: "/api/cart-lines", body: { variantIds: [1, 2, 3] } },
  {
    path: "/api/checkout-quote",
    body: {
      lines: [{ variantId: 1, quantity: 2 }],
      deliveryMethod: "express",
      promoCode: "",
      postal: "2740",
      city: "Lichtenburg",
      province: "NW",
    },
  },
];

/** Every loader that reads a path segment or a query value, with values that exist. */
export function pageTargets(f: ShopFacts): PageTarget[] {
  const listing = { q: "bed", category: "beds", sort: "price-asc", page: "2", f: "size-queen" };
  return [
    { path: "/products", query: listing },
    { path: "/mattresses", query: listing },
    { path: "/beds", query: listing },
    { path: "/bedding", query: listing },
    { path: "/products/:slug", params: { slug: f.productSlug }, query: { size: "queen" } },
    { path: "/products/:slug/review", params: { slug: f.productSlug }, owner: true },
    { path: "/reviews/write/:token", params: { token: "a".repeat(43) } },
    { path: "/reviews/stop/:token", params: { token: "a".repeat(43) } },
    {
      path: "/orders/:number",
      params: { number: f.orderNumber },
      query: { token: f.orderToken, from: "payment", problem: "provider" },
    },
    {
      path: "/orders/:number",
      params: { number: f.orderNumber },
      query: { token: f.orderToken, cancel: "1" },
    },
    {
      path: "/orders/:number/invoice",
      params: { number: f.orderNumber },
      query: { token: f.orderToken },
    },
    {
      path: "/orders/:number/credit-notes/:id",
      params: { number: f.orderNumber, id: "1" },
      query: { token: f.orderToken },
    },
    { path: "/payments/:reference", params: { reference: f.paymentReference } },
    { path: "/payments/:reference/return", params: { reference: f.paymentReference } },
    { path: "/demo-gateway", query: Object.fromEntries(new URLSearchParams(f.gatewayQuery)) },
    { path: "/newsletter/confirm", query: { token: "a".repeat(32) } },
    { path: "/newsletter/unsubscribe", query: { token: "a".repeat(32) } },
    { path: "/admin-login", query: { reset: "done" } },
    { path: "/admin-login", query: { next: "/admin/orders/1001", "two-factor": "expired" } },
    { path: "/admin-login/two-factor", query: { next: "/admin/orders/1001" } },
    { path: "/admin-login/reset", query: { token: "not-a-real-token" } },
    { path: "/account/sign-in", query: { next: "/account/addresses", reset: "done" } },
    { path: "/account/sign-up", query: { name: "Naledi Khumalo", email: "naledi@example.com" } },
    { path: "/account/verify", query: { token: "not-a-real-token" } },
    { path: "/account/reset", query: { token: "not-a-real-token" } },
    { path: "/account/orders/:number", params: { number: f.orderNumber }, owner: true },
    {
      path: "/account/orders/:number",
      params: { number: f.orderNumber },
      query: { cancel: "1" },
      owner: true,
    },
    { path: "/account/orders/:number/invoice", params: { number: f.orderNumber }, owner: true },
    {
      path: "/account/orders/:number/credit-notes/:id",
      params: { number: f.orderNumber, id: "1" },
      owner: true,
    },
    { path: "/api/payments/:provider/notify", params: { provider: "demo" } },
    { path: "/:page", params: { page: "no-such-page" } },
    {
      path: "/admin/products",
      query: { q: "bed", status: "active", sort: "price", dir: "asc", page: "2" },
      owner: true,
    },
    { path: "/admin/products/export", query: { q: "bed", status: "draft" }, owner: true },
    { path: "/admin/products/:id", params: { id: f.productId }, owner: true },
    {
      path: "/admin/orders",
      query: { status: "pending", q: "Naledi", sort: "total", dir: "desc", page: "3" },
      owner: true,
    },
    { path: "/admin/orders/export", query: { status: "pending", q: "Naledi" }, owner: true },
    {
      path: "/admin/orders/layby",
      query: { status: "active", q: "Naledi", sort: "due", dir: "desc", page: "2" },
      owner: true,
    },
    { path: "/admin/orders/:number", params: { number: f.orderNumber }, owner: true },
    {
      path: "/admin/customers",
      query: { q: "Naledi", kind: "guest", consent: "yes", tag: "trade", sort: "spent", page: "2" },
      owner: true,
    },
    { path: "/admin/customers/export", query: { q: "Naledi", kind: "account" }, owner: true },
    { path: "/admin/customers/suggestions", query: { q: "Naledi" }, owner: true },
    { path: "/admin/customers/:ref", params: { ref: `g-${f.orderNumber}` }, owner: true },
    { path: "/admin/audit-log", query: { action: "sign_in", page: "2" }, owner: true },
    {
      path: "/admin/enquiries/:tab",
      params: { tab: "consultations" },
      query: { q: "Thabo", status: "new", sort: "name", dir: "asc", page: "2" },
      owner: true,
    },
    {
      path: "/admin/enquiries/:tab",
      params: { tab: "subscribers" },
      query: { q: "example", status: "confirmed", sort: "email", dir: "desc" },
      owner: true,
    },
    {
      path: "/admin/enquiries/:tab/export",
      params: { tab: "messages" },
      query: { status: "new", q: "Naledi", sort: "status" },
      owner: true,
    },
    {
      path: "/admin/enquiries/:tab/:id",
      params: { tab: "consultations", id: "1" },
      owner: true,
    },
    {
      path: "/admin/promotions",
      query: { q: "sleep", status: "expired", sort: "usage", dir: "desc", page: "2" },
      owner: true,
    },
    { path: "/admin/promotions/export", query: { q: "10", status: "scheduled" }, owner: true },
    {
      path: "/admin/reviews",
      query: { q: "bed", status: "pending", rating: "5", sort: "rating", dir: "asc", page: "2" },
      owner: true,
    },
    {
      path: "/admin/reviews/export",
      query: { q: "bed", status: "published", rating: "9" },
      owner: true,
    },
    {
      path: "/admin/settings/notifications/preview/:kind",
      params: { kind: "order-confirmation" },
      owner: true,
    },
    {
      path: "/admin/suppliers",
      query: { q: "foam", status: "active", sort: "leadTime", dir: "desc", page: "2" },
      owner: true,
    },
    { path: "/admin/suppliers/export", query: { q: "foam", status: "inactive" }, owner: true },
    {
      path: "/admin/delivery-zones",
      query: { q: "2740", status: "active", sort: "standardFee", dir: "desc", page: "2" },
      owner: true,
    },
    { path: "/admin/deliveries", query: { day: "2026-12-01" }, owner: true },
    { path: "/admin/deliveries/runs/:id/sheet", params: { id: "1" }, owner: true },
    { path: "/admin/deliveries/my-run", owner: true },
    { path: "/admin/reviews/photos/:id", params: { id: "1" }, owner: true },
    {
      path: "/admin/orders/:number/proof/:kind",
      params: { number: f.orderNumber, kind: "signature" },
      query: { proof: "1" },
      owner: true,
    },
    {
      path: "/admin/orders/:number/delivery-note",
      params: { number: f.orderNumber },
      owner: true,
    },
    {
      path: "/admin/deliveries/to-book",
      query: { q: "Naledi", sort: "total", dir: "desc", page: "2" },
      owner: true,
    },
    {
      path: "/admin/deliveries/quotes",
      query: { q: "Naledi", sort: "placed", dir: "desc", page: "2" },
      owner: true,
    },
    {
      path: "/admin/delivery-zones/export",
      query: { q: "north", status: "inactive" },
      owner: true,
    },
    {
      path: "/admin/invoices",
      query: { q: "INV-000001", status: "overdue", sort: "amount", dir: "asc", page: "2" },
      owner: true,
    },
    { path: "/admin/invoices/export", query: { q: "Naledi", status: "paid" }, owner: true },
    {
      path: "/admin/reports",
      query: { period: "custom", from: "2026-01-01", to: "2026-03-31" },
      owner: true,
    },
    {
      path: "/admin/reports/export/:report",
      params: { report: "sales-by-day" },
      query: { period: "custom", from: "2026-01-01", to: "2026-01-31" },
      owner: true,
    },
    { path: "/admin/invoices/new", owner: true },
    { path: "/admin/invoices/:id", params: { id: "1" }, owner: true },
    { path: "/admin/invoices/:id/edit", params: { id: "1" }, owner: true },
    { path: "/admin/invoices/:id/pdf", params: { id: "1" }, owner: true },
    { path: "/admin/credit-notes/:id/pdf", params: { id: "1" }, owner: true },
    { path: "/admin/purchase-orders/:id/pdf", params: { id: "1" }, owner: true },
    {
      path: "/admin/purchase-orders",
      query: { q: "PO-0001", status: "in_transit", sort: "expectedDate", dir: "asc", page: "2" },
      owner: true,
    },
    { path: "/admin/purchase-orders/export", query: { q: "sleep", status: "draft" }, owner: true },
    { path: "/admin/purchase-orders/:id", params: { id: "1" }, owner: true },
    { path: "/admin/purchase-orders/:id/edit", params: { id: "1" }, owner: true },
    {
      path: "/admin/inventory",
      query: { q: "queen", status: "low_stock", warehouse: "1", sort: "available", dir: "desc" },
      owner: true,
    },
    {
      path: "/admin/inventory/export",
      query: { q: "PL-", status: "out_of_stock", warehouse: "1" },
      owner: true,
    },
    { path: "/admin/variants", query: { q: "queen" }, owner: true },
    {
      path: "/admin/inventory/:variantId",
      params: { variantId: "1" },
      query: { page: "2" },
      owner: true,
    },
    { path: "/admin/:page", params: { page: "no-such-page" }, owner: true },
  ];
}

/**
 * The classes of the probe that found the 500s, each sent once before the generated requests
 * (so that no rate limit answers for them first).
 */
export function knownCases(f: ShopFacts): FuzzRequest[] {
  const text = (s: string) => new TextEncoder().encode(s);
  const formType = { "content-type": "application/x-www-form-urlencoded" };
  const jsonType = { "content-type": "application/json" };
  const post = (
    label: string,
    path: string,
    headers: Record<string, string>,
    body: string,
    owner = false,
  ): FuzzRequest => ({ label, method: "POST", path, headers, body: text(body), owner });
  const get = (label: string, path: string, owner = false): FuzzRequest => ({
    label,
    method: "GET",
    path,
    headers: {},
    owner,
  });
  const contact = "firstName=A&lastName=B&email=a%40example.com&subject=S&message=M";
  const hugeLine = JSON.stringify([{ variantId: 3_000_000_000, quantity: 1 }]);
  return [
    post("a JSON body to a form", "/contact", jsonType, '{"firstName":"A"}'),
    post("a text/plain body to a form", "/contact", { "content-type": "text/plain" }, contact),
    post(
      "multipart without its boundary",
      "/contact",
      { "content-type": "multipart/form-data" },
      contact,
    ),
    post("no content type", "/contact", {}, contact),
    post("a NUL in a text field", "/contact", formType, `${contact}%00`),
    get("a NUL in a path segment", "/products/a%00b"),
    get("a NUL in a query value", "/products?q=a%00b"),
    get("a NUL in a token", `/newsletter/unsubscribe?token=${"a".repeat(25)}%00`),
    get("a NUL in a payment reference", "/payments/a%00b"),
    get("an order number past PostgreSQL's integer", `/orders/3000000000?token=${f.orderToken}`),
    get("an admin order number past the integer", "/admin/orders/3000000000", true),
    post(
      "a lay-by payment past the integer and owed past the integer",
      "/admin/orders/3000000000",
      formType,
      "intent=layby-payment&amount=99999999999&owedCents=3000000000&receiptReference=TILL-1",
      true,
    ),
    get("a guest customer's order number past the integer", "/admin/customers/g-3000000000", true),
    get("a product id past the integer", "/admin/products/3000000000", true),
    get("an enquiry id past the integer", "/admin/enquiries/messages/3000000000", true),
    post(
      "a variant id past the integer at checkout",
      "/checkout",
      formType,
      new URLSearchParams({ lines: hugeLine, idempotencyKey: "fuzz-known-key-00001" }).toString(),
    ),
    post(
      "a variant id past the integer to the quote",
      "/api/checkout-quote",
      jsonType,
      `{"lines":${hugeLine}}`,
    ),
    post(
      "a variant id past the integer to the cart",
      "/api/cart-lines",
      jsonType,
      '{"variantIds":[3000000000]}',
    ),
    post(
      "an id past the integer to delete",
      "/admin/products",
      formType,
      "intent=delete&id=3000000000",
      true,
    ),
    get("a stock card past the integer", "/admin/inventory/3000000000", true),
    post(
      "a stock adjustment of quantities and warehouses past the integer",
      "/admin/inventory",
      formType,
      "intent=adjust&sku=FUZZ-NO-SUCH-SKU&warehouseId=3000000000&kind=transfer&quantity=3000000000&reason=x&toWarehouseId=3000000000",
      true,
    ),
    post(
      "a low-stock threshold past the integer",
      "/admin/inventory/3000000000",
      formType,
      "intent=threshold&warehouseId=3000000000&threshold=3000000000",
      true,
    ),
    get("a purchase order id past the integer", "/admin/purchase-orders/3000000000/pdf", true),
    get("a purchase order page past the integer", "/admin/purchase-orders/3000000000", true),
    post(
      "a receipt of a line id and a quantity past the integer",
      "/admin/purchase-orders/1",
      formType,
      "intent=receive&warehouseId=3000000000&receive.3000000000=3000000000",
      true,
    ),
    post(
      "a purchase order line past the integer",
      "/admin/purchase-orders/new",
      formType,
      "supplierId=3000000000&lines.0.sku=A&lines.0.quantity=3000000000&lines.0.unitCost=99999999999",
      true,
    ),
    post(
      "an invoice line's quantity and price past the integer",
      "/admin/invoices/new",
      formType,
      "buyerName=B&lines.0.description=D&lines.0.quantity=3000000000&lines.0.unitPrice=99999999999",
      true,
    ),
    post(
      "an invoice whose lines come to more than the integer",
      "/admin/invoices/new",
      formType,
      "buyerName=B&lines.0.description=D&lines.0.quantity=100000&lines.0.unitPrice=9999999.99",
      true,
    ),
    post(
      "a promotion id, a fixed amount and a usage limit past the integer",
      "/admin/promotions",
      formType,
      "intent=update&id=3000000000&code=A&kind=fixed&value=99999999999&usageLimit=3000000000",
      true,
    ),
    post(
      "a promotion's minimum spend and goods' ids past the integer",
      "/admin/promotions",
      formType,
      "intent=create&code=FUZZRULES&kind=percentage&value=5&minSpend=99999999999&categoryIds=3000000000&productIds=1,3000000000,x&oncePerCustomer=maybe",
      true,
    ),
    post(
      "a review id past the integer and a reason of markup",
      "/admin/reviews",
      formType,
      "intent=reject&id=3000000000&reason=%3Cscript%3E",
      true,
    ),
    post(
      "a supplier id and a lead time past the integer",
      "/admin/suppliers",
      formType,
      "intent=update&id=3000000000&name=N&leadTimeDays=3000000000",
      true,
    ),
    post(
      "a delivery zone's id, fees and days past the integer",
      "/admin/delivery-zones",
      formType,
      "intent=update&id=3000000000&name=N&postalCodes=9999-0000&standardFee=99999999999&leadDays=3000000000&dropsPerDay=3000000000&sortOrder=3000000000&dayMon=on",
      true,
    ),
    post(
      "a delivery booking's order past the integer and a day that is no date",
      "/admin/deliveries",
      formType,
      "intent=book&order=3000000000&deliveryDay=2026-02-30",
      true,
    ),
    post(
      "a run's stop past the integer and a direction that is none",
      "/admin/deliveries",
      formType,
      "intent=move-stop&run=3000000000&order=3000000000&direction=sideways",
      true,
    ),
    post(
      "a proof whose order is past the integer, whose key is no key and whose signature is no PNG",
      "/admin/deliveries/my-run/send",
      formType,
      "intent=delivered&order=3000000000&proofKey=%00&recipientName=R&signature=data:image/png;base64,AAAA",
      true,
    ),
    post(
      "a signature that is a picture of something else",
      "/admin/deliveries/my-run",
      formType,
      "intent=delivered&order=1&proofKey=6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b&recipientName=R&signature=data:image/svg%2Bxml;base64,PHN2Zy8%2B",
      true,
    ),
    post(
      "a run with a driver no one is and a day that is no date",
      "/admin/deliveries",
      formType,
      "intent=create-run&day=2026-02-30&driver=%00&truck=" + "T".repeat(60),
      true,
    ),
    post(
      "a category past the integer and a brand that is no number",
      "/admin/products/new",
      formType,
      "title=T&categoryId=3000000000&brandId=abc&variants.queen.sku=K&variants.queen.price=1",
      true,
    ),
    post(
      "a category and a brand that do not exist",
      "/admin/products/new",
      formType,
      "title=T&categoryId=2147483647&brandId=2147483647&variants.queen.sku=K2&variants.queen.price=1",
      true,
    ),
    post(
      "an e-mail the auth library refuses, signing up",
      "/auth",
      formType,
      "email=a%40b.c&password=a-password&intent=sign-up",
    ),
    post(
      "an e-mail the auth library refuses, signing in",
      "/auth",
      formType,
      "email=a%40b.c&password=a-password",
    ),
    post(
      "an e-mail the auth library refuses, resetting",
      "/admin-login/forgot",
      formType,
      "email=a%40b.c",
    ),
  ];
}

/** Text no field expects: NUL, sizes, encodings, numbers past PostgreSQL's integer, markup. */
export const BAD_TEXT = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "\r\n",
  "\t",
  "x".repeat(300),
  "x".repeat(5_000),
  "3000000000",
  "2147483648",
  "2147483647",
  "-1",
  "0",
  "1.5",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "99999999999999999999",
  "a@b.c",
  "a@b",
  "a@b.co\u0000",
  `${"a".repeat(300)}@example.com`,
  `a@${"a.".repeat(2_000)}!`,
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  "../../etc/passwd",
  "%ff%fe",
  "\ud800",
  "\u{1F60A}\u202e\u0301",
  "null",
  "[]",
  '{"a":',
  "//evil.example",
  "/\\evil.example",
  "javascript:alert(1)",
];

/** Path segments no route expects. */
export const BAD_SEGMENTS = [
  "%00",
  "a%00b",
  "3000000000",
  "2147483648",
  "-1",
  "0",
  "1.5",
  "1e3",
  "%ff",
  "%E0%A4%A",
  "..%2F..%2Fetc",
  "%2e%2e",
  encodeURIComponent("\u{1F60A}"),
  "x".repeat(2_000),
  "%0d%0a",
  "%5Cevil.example",
];

/** A fast, seedable generator (mulberry32). */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

export type Random = ReturnType<typeof seededRandom>;
