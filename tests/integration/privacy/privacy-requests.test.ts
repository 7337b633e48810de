import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  auditLog,
  consultationRequests,
  contactMessages,
  invoices,
  newsletterSubscribers,
  orders,
  payments,
  users,
} from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { correctPersonalData } from "~/domain/privacy/correct-personal-data.server";
import { erasePersonalData } from "~/domain/privacy/erase-personal-data.server";
import { emailReference, findPersonalData } from "~/domain/privacy/personal-data.server";
import { exportPersonalData } from "~/domain/privacy/privacy-requests.server";
import * as privacyPage from "~/routes/admin/privacy";
import * as privacyExport from "~/routes/admin/privacy-export";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";

useTestDatabase();

const THANDI = "thandi@example.com";
const OTHER = "sipho@example.com";
const owner = { id: "owner-1", email: "owner@example.com" };

let shop: Awaited<ReturnType<typeof setUpShop>>;
let small: Awaited<ReturnType<typeof paidOrder>>;
let large: Awaited<ReturnType<typeof paidOrder>>;
let others: Awaited<ReturnType<typeof paidOrder>>;

beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: "owner-1", name: "Owner", email: owner.email, role: "owner" });
  await db()
    .insert(users)
    .values({ id: "thandi-1", name: "Thandi Mokoena", email: THANDI, emailVerified: true });
  small = await paidOrder(shop, {
    priceCents: 300_000,
    overrides: {
      complex: "Unit 4, Protea Gardens",
      suburb: "Golfview",
      deliveryMobile: "+27725550199",
      accessNotes: "Gate code 1234",
    },
  });
  large = await paidOrder(shop, {
    priceCents: 650_000,
    overrides: { email: "Thandi@Example.com" },
  });
  others = await paidOrder(shop, {
    priceCents: 200_000,
    overrides: { email: OTHER, firstName: "Sipho", lastName: "Dlamini" },
  });
  await db()
    .update(payments)
    .set({ details: { pf_payment_id: "123", name_first: "Thandi", email_address: THANDI } })
    .where(eq(payments.orderId, small.order.id));
  for (const email of [THANDI, OTHER]) {
    await db()
      .insert(consultationRequests)
      .values({ name: "Someone", email, phone: "082 111 2222", message: "A firm mattress" });
    await db().insert(contactMessages).values({
      firstName: "Someone",
      lastName: "Else",
      email,
      subject: "Delivery",
      message: "When?",
    });
    await db()
      .insert(newsletterSubscribers)
      .values({ email, status: "confirmed", unsubscribeToken: `t-${email}` });
  }
  await recordAudit({
    action: "enquiry_status_changed",
    actorId: owner.id,
    actorEmail: owner.email,
    subject: "consultation:1",
    ipAddress: "10.0.0.9",
    details: { from: THANDI, note: `called ${THANDI}` },
  });
  await recordAudit({ action: "sign_in_failed", actorEmail: THANDI, ipAddress: "10.0.0.8" });
});

const mentions = async (needle: string) => {
  const [row] = (
    await db().execute<{ n: number }>(sql`
    select (
      (select count(*) from orders where lower(email) = ${needle} or last_name = 'Mokoena')
      + (select count(*) from invoices where lower(buyer_email) = ${needle})
      + (select count(*) from consultation_requests where lower(email) = ${needle})
      + (select count(*) from contact_messages where lower(email) = ${needle})
      + (select count(*) from newsletter_subscribers where email = ${needle})
      + (select count(*) from users where lower(email) = ${needle})
      + (select count(*) from audit_log where lower(actor_email) = ${needle}
           or strpos(lower(details::text), ${needle}) > 0)
      + (select count(*) from payments where strpos(lower(details::text), ${needle}) > 0)
    )::int as n`)
  ).rows;
  return row!.n;
};

describe("privacy requests", () => {
  it("finds and exports every record for the address, and nothing of anyone else", async () => {
    const data = await exportPersonalData({ email: " THANDI@example.com ", actor: owner });
    expect(data.account).toMatchObject({ name: "Thandi Mokoena", emailVerified: true });
    expect(data.orders.map((o) => o.number).sort()).toEqual(
      [small.order.number, large.order.number].sort(),
    );
    expect(data.orders[0]!.lines).toHaveLength(1);
    expect(data.orders[0]!.payments).toHaveLength(1);
    expect(data.invoices).toHaveLength(2);
    expect(data.consultations).toHaveLength(1);
    expect(data.messages).toHaveLength(1);
    expect(data.subscriber).toMatchObject({ email: THANDI, status: "confirmed" });
    expect(data.auditEntries.map((a) => a.action).sort()).toEqual([
      "enquiry_status_changed",
      "sign_in_failed",
    ]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(OTHER);
    expect(text).not.toContain("Sipho");
    expect(text).not.toContain(String(others.order.number) + ",");
    // No secrets: the order's token, password hashes, unsubscribe tokens.
    expect(text).not.toContain(small.order.token);
    expect(text).not.toContain("t-thandi");
    const [logged] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "privacy_data_exported"));
    expect(logged).toMatchObject({ subject: `privacy:${emailReference(THANDI)}` });
    expect(JSON.stringify(logged)).not.toContain(THANDI);
  });

  it("refuses to erase while an order is open, and changes nothing", async () => {
    await expect(erasePersonalData({ email: THANDI, actor: owner })).rejects.toThrow(
      `Order #${small.order.number} is still open`,
    );
    expect((await findPersonalData({ email: THANDI })).orders).toHaveLength(2);
  });

  it("erases personal fields, keeps the accounting fields, and a second erasure changes nothing", async () => {
    await db()
      .update(orders)
      .set({ status: "delivered" })
      .where(sql`${orders.id} in (${small.order.id}, ${large.order.id})`);
    const before = await db().select().from(orders).where(eq(orders.id, small.order.id));

    const erasure = await erasePersonalData({ email: THANDI, actor: owner });
    expect(erasure.erased).toMatchObject({ account: 1, orders: 2, invoices: 2, consultations: 1 });
    expect(erasure.kept).toHaveLength(1);
    expect(erasure.kept[0]!.record).toMatch(/^INV-\d{6}: the buyer's name/);

    expect(await mentions(THANDI)).toBe(0);
    const [order] = await db().select().from(orders).where(eq(orders.id, small.order.id));
    expect(order).toMatchObject({
      firstName: "Erased",
      lastName: "",
      email: "",
      phone: "",
      address: "",
      complex: "",
      suburb: "",
      city: "",
      province: null,
      postalCode: "",
      deliveryMobile: "",
      accessNotes: "",
      number: before[0]!.number,
      totalCents: before[0]!.totalCents,
      vatCents: before[0]!.vatCents,
      subtotalCents: before[0]!.subtotalCents,
      paymentStatus: "paid",
    });
    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.orderId, small.order.id));
    expect(payment!.details).toEqual({ pf_payment_id: "123" });
    const [abridged] = await db()
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, small.order.id));
    expect(abridged).toMatchObject({ buyerName: "Erased", buyerAddress: "", buyerPhone: "" });
    const [full] = await db().select().from(invoices).where(eq(invoices.orderId, large.order.id));
    expect(full).toMatchObject({ buyerName: "Thandi Mokoena", buyerEmail: "", buyerPhone: "" });
    expect(full!.buyerAddress).toContain("Church Street");
    expect(await db().select().from(users).where(eq(users.id, "thandi-1"))).toEqual([]);
    const audit = await db().select().from(auditLog);
    expect(audit.find((a) => a.action === "sign_in_failed")).toMatchObject({
      actorEmail: null,
      ipAddress: null,
    });
    expect(audit.find((a) => a.action === "enquiry_status_changed")!.details).toEqual({
      from: "[erased]",
      note: "called [erased]",
    });

    // Someone else's records are untouched.
    expect(await mentions(OTHER)).toBe(5);

    const snapshot = async () => ({
      orders: await db().select().from(orders),
      invoices: await db().select().from(invoices),
      payments: await db().select().from(payments),
      leads: await db().select().from(consultationRequests),
      audit: (await db().select().from(auditLog)).filter((a) => a.action !== "privacy_data_erased"),
    });
    const once = await snapshot();
    const again = await erasePersonalData({ email: THANDI, actor: owner });
    expect(Object.values(again.erased).every((n) => n === 0)).toBe(true);
    expect(await snapshot()).toEqual(once);
  });

  it("refuses to erase a member of staff", async () => {
    await db()
      .insert(users)
      .values({ id: "staff-1", name: "Staff", email: "staff@example.com", role: "staff" });
    await expect(erasePersonalData({ email: "staff@example.com", actor: owner })).rejects.toThrow(
      "make them a customer on the Team page first",
    );
  });
});

describe("correcting what is held", () => {
  it("changes the name, phone and address on orders, enquiries and subscription, never an issued invoice", async () => {
    const before = await findPersonalData({ email: OTHER });
    const changed = await correctPersonalData({
      correction: {
        email: OTHER,
        firstName: "Siphokazi",
        lastName: "",
        phone: "083 555 0000",
        newEmail: "siphokazi@example.com",
      },
      actor: owner,
    });
    expect(changed).toEqual({ account: 0, orders: 1, enquiries: 2, subscriptions: 1 });
    expect((await findPersonalData({ email: OTHER })).orders).toEqual([]);
    const now = await findPersonalData({ email: "siphokazi@example.com" });
    expect(now.orders[0]).toMatchObject({
      firstName: "Siphokazi",
      lastName: "Dlamini",
      phone: "083 555 0000",
      totalCents: before.orders[0]!.totalCents,
    });
    expect(now.consultations[0]).toMatchObject({ name: "Siphokazi", phone: "083 555 0000" });
    expect(now.subscriber).toMatchObject({ email: "siphokazi@example.com" });
    // The invoice keeps what it was issued with; it is found through its order.
    expect(now.invoices[0]).toMatchObject({ buyerEmail: OTHER });
    const [logged] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "privacy_data_corrected"));
    expect(logged!.details).toMatchObject({ fields: ["firstName", "phone", "newEmail"] });
    // Back as it was, for the tests below.
    await correctPersonalData({
      correction: {
        email: "siphokazi@example.com",
        firstName: "Sipho",
        lastName: "",
        phone: "",
        newEmail: OTHER,
      },
      actor: owner,
    });
  });

  it("refuses a new address another account uses", async () => {
    await db().insert(users).values({ id: "taken-1", name: "Taken", email: "taken@example.com" });
    await expect(
      correctPersonalData({
        correction: {
          email: OTHER,
          firstName: "",
          lastName: "",
          phone: "",
          newEmail: "taken@example.com",
        },
        actor: owner,
      }),
    ).rejects.toThrow("Another account already uses that address.");
  });
});

describe("the privacy pages: owner only", () => {
  const cases = [
    ["page loader", privacyPage.loader, () => shopRequest("/admin/privacy")],
    [
      "page action",
      privacyPage.action,
      (cookie?: string) => formRequest("/admin/privacy", { email: OTHER }, cookie),
    ],
    [
      "export",
      privacyExport.action,
      (cookie?: string) => formRequest("/admin/privacy/export", { email: OTHER }, cookie),
    ],
  ] as const;

  it("sends the signed-out to /auth and refuses customers and staff with 403", async () => {
    const customer = (await signedIn("customer")).cookie;
    const staff = (await signedIn("staff")).cookie;
    for (const [name, handler, request] of cases) {
      const out = await routeOutcome(handler, request(), {});
      expect((out.thrown as Response).headers.get("location"), name).toMatch(STAFF_SIGN_IN);
      for (const cookie of [customer, staff]) {
        const refused = await routeOutcome(
          handler,
          name === "page loader" ? shopRequest("/admin/privacy", { cookie }) : request(cookie),
          {},
        );
        expect(refused.returned, name).toBeUndefined();
        expect(statusOf(refused.thrown), name).toBe(403);
      }
    }
  });

  it("lets the owner search, download and be told what is wrong with the form", async () => {
    const cookie = (await signedIn("owner")).cookie;
    const found = await routeOutcome(
      privacyPage.action,
      formRequest("/admin/privacy", { intent: "find", email: OTHER }, cookie),
      {},
    );
    expect(found.returned).toMatchObject({
      ok: true,
      found: { counts: { orders: 1, consultations: 1, subscriptions: 1 } },
    });

    const bad = await routeOutcome(
      privacyPage.action,
      formRequest("/admin/privacy", { intent: "find", email: "not-an-address" }, cookie),
      {},
    );
    expect(statusOf(bad.returned)).toBe(400);
    expect((bad.returned as { data: unknown }).data).toMatchObject({
      fieldErrors: { email: "Please enter a valid email address." },
    });

    const mismatch = await routeOutcome(
      privacyPage.action,
      formRequest(
        "/admin/privacy",
        { intent: "erase", email: OTHER, confirmEmail: "someone@else.com" },
        cookie,
      ),
      {},
    );
    expect(statusOf(mismatch.returned)).toBe(400);

    const empty = await routeOutcome(
      privacyPage.action,
      formRequest("/admin/privacy", { intent: "correct", email: OTHER }, cookie),
      {},
    );
    expect(statusOf(empty.returned)).toBe(400);
    expect((empty.returned as { data: unknown }).data).toMatchObject({
      fieldErrors: { firstName: "Fill in at least one detail to correct." },
      values: { intent: "correct" },
    });
    expect((await findPersonalData({ email: OTHER })).orders).toHaveLength(1);

    const download = (
      await routeOutcome(
        privacyExport.action,
        formRequest("/admin/privacy/export", { email: OTHER }, cookie),
        {},
      )
    ).returned as Response;
    expect(download.headers.get("content-disposition")).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = JSON.parse(await download.text()) as { email: string; orders: unknown[] };
    expect(body).toMatchObject({ email: OTHER });
    expect(body.orders).toHaveLength(1);
  });
});
