import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, customerNotes, customerTags, users } from "~/db/schema";
import { markOrderDelivered } from "~/domain/orders/cancel-order.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import {
  confirmNewsletterSubscription,
  subscribeToNewsletter,
} from "~/domain/leads/newsletter.server";
import { correctPersonalData } from "~/domain/privacy/correct-personal-data.server";
import { erasePersonalData } from "~/domain/privacy/erase-personal-data.server";
import { lookUpPersonalData } from "~/domain/privacy/privacy-requests.server";
import type { FormActionResult } from "~/lib/forms";
import * as signUp from "~/routes/account/sign-up";
import * as verify from "~/routes/account/verify";
import * as customerPage from "~/routes/admin/customer";
import * as customersPage from "~/routes/admin/customers";
import * as customersExport from "~/routes/admin/customers-export";
import * as customerSuggestions from "~/routes/admin/customer-suggestions";
import { useTestDatabase } from "../../setup/database";
import { linkIn, ownOutbox } from "../account/helpers";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { completedRefund, issuedManualInvoice, paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";

useTestDatabase();

const EMAIL = "lerato@example.com";
const cookies = { customer: "", staff: "", owner: "" };
let staff: { id: string; email: string };
let ownerUser: { id: string; email: string };
let outbox: Awaited<ReturnType<typeof ownOutbox>>;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let first: Awaited<ReturnType<typeof paidOrder>>;
let second: Awaited<ReturnType<typeof paidOrder>>;

beforeAll(async () => {
  outbox = await ownOutbox("customers-");
  process.env.FORM_RATE_LIMIT = "1000";
  shop = await setUpShop();
  for (const role of ["customer", "staff", "owner"] as const) {
    const signed = await signedIn(role);
    cookies[role] = signed.cookie;
    if (role === "staff") staff = signed.user;
    if (role === "owner") ownerUser = signed.user;
  }
  const guest = { email: "Lerato@Example.com", firstName: "Lerato", lastName: "Dlamini" };
  first = await paidOrder(shop, { priceCents: 450_000, overrides: guest });
  second = await paidOrder(shop, { priceCents: 120_000, overrides: { ...guest, email: EMAIL } });
});
afterAll(async () => {
  delete process.env.FORM_RATE_LIMIT;
  await outbox.close();
});

async function list(query = "", cookie = cookies.staff) {
  const { returned, thrown } = await routeOutcome(
    customersPage.loader,
    shopRequest(`/admin/customers${query}`, { cookie }),
    {},
  );
  if (thrown) throw thrown;
  return returned as Awaited<ReturnType<typeof customersPage.loader>>;
}

async function page(ref: string, cookie = cookies.staff) {
  const { returned, thrown } = await routeOutcome(
    customerPage.loader,
    shopRequest(`/admin/customers/${ref}`, { cookie }),
    { ref },
  );
  if (thrown) throw thrown;
  return returned as Awaited<ReturnType<typeof customerPage.loader>>;
}

async function post(ref: string, fields: Record<string, string>, cookie = cookies.staff) {
  const { returned, thrown } = await routeOutcome(
    customerPage.action,
    formRequest(`/admin/customers/${ref}`, fields, cookie),
    { ref },
  );
  const answer = returned ?? thrown;
  const body = ((answer as { data?: unknown }).data ?? answer) as FormActionResult;
  return { status: statusOf(answer), body };
}

const lerato = async (query = "?q=lerato") => (await list(query)).rows;

describe("a guest who orders twice and then confirms an account", () => {
  it("is one guest with both orders and what they paid, before any account", async () => {
    const rows = await lerato();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "guest",
      email: EMAIL,
      name: "Lerato Dlamini",
      orders: 2,
      spentCents: first.order.totalCents + second.order.totalCents,
      marketing: false,
    });
    expect(rows[0]!.ref).toBe(`g-${second.order.number}`);
  });

  it("an account not yet confirmed stands apart from the guest's orders", async () => {
    await routeOutcome(
      signUp.action,
      formRequest("/account/sign-up", {
        name: "Lerato Dlamini",
        email: EMAIL,
        password: "sleep-well-7",
        confirmPassword: "sleep-well-7",
      }),
      {},
    );
    const rows = await lerato();
    expect(rows.map((r) => [r.kind, r.unconfirmed, r.orders])).toEqual(
      expect.arrayContaining([
        ["guest", false, 2],
        ["account", true, 0],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("once confirmed, is one customer with an account, two orders and the net spent after a refund", async () => {
    const link = linkIn(await outbox.mails(), EMAIL, "/account/verify");
    const verified = await routeOutcome(
      verify.loader,
      shopRequest(`/account/verify${link.search}`),
      {},
    );
    expect(verified.returned).toMatchObject({ ok: true, joinedOrders: 2 });
    const refunded = completedRefund(
      await refundOrder({
        orderId: first.order.id,
        input: {
          lines: [],
          amountCents: 50_000,
          reason: "A scuffed headboard",
          method: "provider",
          eftReference: "",
          restock: false,
        },
        actor: staff,
      }),
    );
    expect(refunded.status).toBe("completed");

    const rows = await lerato();
    expect(rows).toHaveLength(1);
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    const spent = first.order.totalCents + second.order.totalCents - 50_000;
    expect(rows[0]).toMatchObject({
      ref: `a-${user!.id}`,
      kind: "account",
      unconfirmed: false,
      orders: 2,
      spentCents: spent,
    });

    const { customer } = await page(`a-${user!.id}`);
    expect(customer.orders.map((o) => o.number).sort()).toEqual(
      [first.order.number, second.order.number].sort(),
    );
    expect(customer.invoices).toHaveLength(2);
    expect(customer.refunds).toMatchObject([
      { orderNumber: first.order.number, amountCents: 50_000, status: "completed" },
    ]);
    expect(customer.figures?.spentCents).toBe(spent);
  });

  it("a hand-made invoice to their e-mail counts in their net spent once it is issued", async () => {
    const before = (await lerato())[0]!.spentCents;
    await issuedManualInvoice(staff, {
      buyerName: "Lerato Dlamini",
      buyerEmail: EMAIL,
      "lines.0.description": "Delivery and setting up in Mahikeng",
      "lines.0.quantity": "1",
      "lines.0.unitPrice": "650.00",
    });
    expect((await lerato())[0]!.spentCents).toBe(before + 65_000);
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    const { customer } = await page(`a-${user!.id}`);
    expect(customer.invoices).toHaveLength(3);
    expect(customer.invoices[0]).toMatchObject({ orderNumber: null, totalCents: 65_000 });
  });

  it("an old guest link leads to the account's page", async () => {
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    const { thrown } = await routeOutcome(
      customerPage.loader,
      shopRequest(`/admin/customers/g-${second.order.number}`, { cookie: cookies.staff }),
      { ref: `g-${second.order.number}` },
    );
    expect((thrown as Response).headers.get("location")).toBe(`/admin/customers/a-${user!.id}`);
  });

  it("shows marketing consent only once the newsletter sign-up is confirmed", async () => {
    const siteUrl = "http://shop.test";
    await subscribeToNewsletter({ email: EMAIL, siteUrl });
    expect((await lerato())[0]!.marketing).toBe(false);
    expect(await lerato("?q=lerato&consent=yes")).toEqual([]);
    const token = linkIn(await outbox.mails(), EMAIL, "/newsletter/confirm").searchParams.get(
      "token",
    )!;
    expect(await confirmNewsletterSubscription({ token, siteUrl })).toMatchObject({ ok: true });
    expect((await lerato("?q=lerato&consent=yes"))[0]).toMatchObject({
      email: EMAIL,
      marketing: true,
    });
    expect(await lerato("?q=lerato&consent=no")).toEqual([]);
  });
});

describe("a customer's name and phone", () => {
  it("are those of their newest order", async () => {
    const thabo = { email: "thabo@example.com", firstName: "Thabo", lastName: "M" };
    await paidOrder(shop, { priceCents: 10_000, overrides: { ...thabo, phone: "082 111 1111" } });
    await paidOrder(shop, {
      priceCents: 10_000,
      overrides: { ...thabo, lastName: "Molefe", phone: "082 222 2222" },
    });
    expect(await lerato("?q=thabo")).toMatchObject([
      { name: "Thabo Molefe", phone: "082 222 2222", orders: 2, kind: "guest" },
    ]);
    expect(await lerato("?q=082 111")).toEqual([]);
  });
});

describe("notes and tags", () => {
  let ref: string;
  beforeAll(async () => {
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    ref = `a-${user!.id}`;
  });

  it("are kept with who added them and when, and each change is audited", async () => {
    expect(
      (await post(ref, { intent: "add-note", body: "Wants delivery after 16:00." })).body,
    ).toEqual({
      ok: true,
      message: {
        title: "Note Added",
        description: "The note is saved with your name and the time.",
      },
    });
    expect((await post(ref, { intent: "add-tag", tag: "Trade" })).status).toBe(200);
    const { customer } = await page(ref, cookies.owner);
    expect(customer.notes).toMatchObject([
      { body: "Wants delivery after 16:00.", authorEmail: staff.email },
    ]);
    expect(customer.tags).toMatchObject([{ tag: "Trade", authorEmail: staff.email }]);
    expect(customer.notes[0]!.createdAt).toBeInstanceOf(Date);

    // The list shows the tag and filters by it.
    expect((await lerato("?tag=trade"))[0]).toMatchObject({ email: EMAIL, tags: ["Trade"] });
    expect(await lerato("?tag=upstairs")).toEqual([]);

    const removedTag = await post(ref, { intent: "remove-tag", id: String(customer.tags[0]!.id) });
    expect(removedTag.body).toMatchObject({ ok: true, message: { title: "Tag Removed" } });
    const removedNote = await post(ref, {
      intent: "remove-note",
      id: String(customer.notes[0]!.id),
    });
    expect(removedNote.body).toMatchObject({ ok: true, message: { title: "Note Removed" } });
    expect((await page(ref)).customer).toMatchObject({ notes: [], tags: [] });

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `customer:${ref}`), like(auditLog.action, "customer_%")))
      .orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ["customer_note_added", staff.email],
      ["customer_tag_added", staff.email],
      ["customer_tag_removed", staff.email],
      ["customer_note_removed", staff.email],
    ]);
    // The note's text is not copied into the audit log.
    expect(JSON.stringify(audit)).not.toContain("16:00");
  });

  it("answer bad input at the field with a 4xx, keeping what was typed", async () => {
    const long = await post(ref, { intent: "add-note", body: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({
      ok: false,
      fieldErrors: { body: "A note is at most 2000 characters." },
    });
    const empty = await post(ref, { intent: "add-tag", tag: "   " });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      ok: false,
      fieldErrors: { tag: "This field is required." },
    });
    const odd = await post(ref, { intent: "add-tag", tag: "<b>vip</b>" });
    expect(odd.status).toBe(400);
    await post(ref, { intent: "add-tag", tag: "Upstairs" });
    const twice = await post(ref, { intent: "add-tag", tag: "upstairs" });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({
      ok: false,
      fieldErrors: { tag: 'This customer is already tagged "upstairs".' },
      values: { tag: "upstairs" },
    });
  });

  it("refuses an unknown intent, a missing id, a note of another customer and an unknown customer", async () => {
    expect((await post(ref, { intent: "delete" })).status).toBe(400);
    expect((await post(ref, { intent: "remove-note" })).status).toBe(400);
    expect((await post(ref, { intent: "remove-note", id: "424242" })).status).toBe(404);
    expect((await post("a-nobody", { intent: "add-note", body: "Hi" })).status).toBe(404);
    expect((await post("x-1", { intent: "add-note", body: "Hi" })).status).toBe(404);
  });
});

describe("who sees customers", () => {
  it("sends a visitor to sign in and answers a customer 403, on the list, the page, the export and the action", async () => {
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    const ref = `a-${user!.id}`;
    const calls = [
      () => routeOutcome(customersPage.loader, shopRequest("/admin/customers", { cookie: "" }), {}),
      () => routeOutcome(customerPage.loader, shopRequest(`/admin/customers/${ref}`), { ref }),
      () => routeOutcome(customersExport.loader, shopRequest("/admin/customers/export"), {}),
      () =>
        routeOutcome(
          customerPage.action,
          formRequest(`/admin/customers/${ref}`, { intent: "add-note", body: "x" }),
          {
            ref,
          },
        ),
    ];
    for (const call of calls) {
      const { thrown } = await call();
      expect((thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    }
    const asCustomer = [
      routeOutcome(
        customersPage.loader,
        shopRequest("/admin/customers", { cookie: cookies.customer }),
        {},
      ),
      routeOutcome(
        customerPage.loader,
        shopRequest(`/admin/customers/${ref}`, { cookie: cookies.customer }),
        { ref },
      ),
      routeOutcome(
        customersExport.loader,
        shopRequest("/admin/customers/export", { cookie: cookies.customer }),
        {},
      ),
    ];
    for (const outcome of await Promise.all(asCustomer)) {
      expect(outcome.returned).toBeUndefined();
      expect(statusOf(outcome.thrown)).toBe(403);
    }
    expect((await post(ref, { intent: "add-note", body: "x" }, cookies.customer)).status).toBe(403);
  });

  it("lets staff and the owner see the list and the page; only the owner gets the privacy links", async () => {
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    for (const cookie of [cookies.staff, cookies.owner]) {
      expect((await list("?q=lerato", cookie)).rows).toHaveLength(1);
    }
    // A page past the end answers the last one, with the cards over everyone.
    const past = await list("?q=lerato&page=9");
    expect(past).toMatchObject({ page: 1, pageCount: 1, total: 1 });
    expect(past.rows.map((r) => r.email)).toEqual([EMAIL]);
    expect(past.summary.total).toBeGreaterThanOrEqual(2);
    expect((await list("?q=nobody-at-all")).summary.total).toBe(past.summary.total);
    expect((await page(`a-${user!.id}`, cookies.staff)).isOwner).toBe(false);
    expect((await page(`a-${user!.id}`, cookies.owner)).isOwner).toBe(true);
  });

  it("exports what the list shows as CSV", async () => {
    const { returned } = await routeOutcome(
      customersExport.loader,
      shopRequest("/admin/customers/export?q=lerato&kind=account", { cookie: cookies.owner }),
      {},
    );
    const response = returned as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await response.text();
    expect(text).toContain(
      "Name,Email,Phone,Customer,Orders,Net Spent,Last Order,Open Lay-bys,Marketing Consent,Tags",
    );
    const spent = (
      (first.order.totalCents + second.order.totalCents - 50_000 + 65_000) /
      100
    ).toFixed(2);
    expect(text).toMatch(new RegExp(`Lerato Dlamini,${EMAIL},[^,]*,account,2,${spent},`));
    expect(text.trim().split("\n")).toHaveLength(2);

    // Who took everyone's name, e-mail and phone, and with which search, is in the audit log.
    const lines = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "customers_exported"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      actorEmail: ownerUser.email,
      subject: "customers",
      details: { q: "lerato", filters: { kind: "account" } },
    });
  });

  it("answers 404 for a reference that names no one", async () => {
    for (const ref of ["a-nobody", "g-999999", "g-0", "zzz", "a-" + "x".repeat(80)]) {
      const { thrown } = await routeOutcome(
        customerPage.loader,
        shopRequest(`/admin/customers/${ref}`, { cookie: cookies.staff }),
        { ref },
      );
      expect(statusOf(thrown)).toBe(404);
    }
  });
});

describe("the privacy tool and staff's notes", () => {
  it("finds, moves and erases what staff wrote about a person with the rest of their data", async () => {
    const owner = (await signedIn("owner")).user;
    const guest = await paidOrder(shop, {
      priceCents: 90_000,
      overrides: { email: "sipho@example.com", firstName: "Sipho", lastName: "Ndlovu" },
    });
    const ref = `g-${guest.order.number}`;
    await post(ref, { intent: "add-note", body: "Called about a late delivery." });
    await post(ref, { intent: "add-tag", tag: "Trade" });
    const found = await lookUpPersonalData({ email: "sipho@example.com", actor: owner });
    expect(found.counts.staffNotes).toBe(2);

    await correctPersonalData({
      correction: {
        email: "sipho@example.com",
        newEmail: "sipho.n@example.com",
        firstName: "",
        lastName: "",
        phone: "",
      },
      actor: owner,
    });
    const moved = await page(ref);
    expect(moved.customer.email).toBe("sipho.n@example.com");
    expect(moved.customer.notes.map((n) => n.body)).toEqual(["Called about a late delivery."]);
    expect(moved.customer.tags.map((t) => t.tag)).toEqual(["Trade"]);

    // Erasure waits for open orders: this one is delivered.
    await markOrderDelivered({ orderId: guest.order.id, actor: owner });
    await erasePersonalData({ email: "sipho.n@example.com", actor: owner });
    expect(
      await db().select().from(customerNotes).where(eq(customerNotes.email, "sipho.n@example.com")),
    ).toEqual([]);
    expect(
      await db().select().from(customerTags).where(eq(customerTags.email, "sipho.n@example.com")),
    ).toEqual([]);
  });
});

describe("the hand-made invoice's customer picker", () => {
  it("suggests customers by name, e-mail or phone with their latest order's buyer details", async () => {
    const business = await paidOrder(shop, {
      priceCents: 80_000,
      overrides: {
        email: "orders@kgosi.example",
        firstName: "Neo",
        lastName: "Kgosi",
        phone: "018 632 0000",
        companyName: "Kgosi Guest House",
        vatNumber: "4123456789",
        address: "3 Main Road",
        city: "Mahikeng",
        postal: "2745",
      },
    });
    const ask = async (q: string, cookie = cookies.staff) => {
      const { returned, thrown } = await routeOutcome(
        customerSuggestions.loader,
        shopRequest(`/admin/customers/suggestions?q=${encodeURIComponent(q)}`, { cookie }),
        {},
      );
      return { returned: returned as Response | undefined, thrown };
    };
    const answer = await ask("kgosi");
    expect(answer.returned!.headers.get("cache-control")).toBe("no-store");
    expect(await answer.returned!.json()).toEqual({
      customers: [
        {
          ref: `g-${business.order.number}`,
          name: "Kgosi Guest House",
          email: "orders@kgosi.example",
          phone: "018 632 0000",
          address: "3 Main Road\nMahikeng 2745",
          vatNumber: "4123456789",
        },
      ],
    });
    const [user] = await db().select().from(users).where(eq(users.email, EMAIL));
    const byPhone = (await (await ask("082 000")).returned!.json()) as {
      customers: { ref: string }[];
    };
    expect(byPhone.customers.map((c) => c.ref)).toContain(`a-${user!.id}`);
    expect(await (await ask("k")).returned!.json()).toEqual({ customers: [] });

    expect(statusOf((await ask("kgosi", cookies.customer)).thrown)).toBe(403);
    expect(((await ask("kgosi", "")).thrown as Response).headers.get("location")).toMatch(
      STAFF_SIGN_IN,
    );
  });
});
