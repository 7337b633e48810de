// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { customerAddresses, orders } from "~/db/schema";
import type { SavedAddress } from "~/domain/shoppers/addresses.server";
import * as accountHome from "~/routes/account/index";
import * as accountOrder from "~/routes/account/order";
import * as accountInvoice from "~/routes/account/order-invoice";
import * as accountCreditNote from "~/routes/account/order-credit-note";
import * as addresses from "~/routes/account/addresses";
import * as signOut from "~/routes/account/sign-out";
import * as signIn from "~/routes/account/sign-in";
import * as signUp from "~/routes/account/sign-up";
import * as checkoutPage from "~/routes/store/checkout";
import * as orderPage from "~/routes/store/order";
import { useTestDatabase } from "../../setup/database";
import { setUpShop } from "../orders/fixtures";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";

useTestDatabase();

type Person = Awaited<ReturnType<typeof signedIn>>;
const ROLES = ["customer", "staff", "owner"] as const;
let people: Record<(typeof ROLES)[number], Person>;
let other: Person;
let otherOrder: number;
let otherAddress: number;
let ownOrder: number;

const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;

beforeAll(async () => {
  process.env.FORM_RATE_LIMIT = "1000";
  const shop = await setUpShop();
  people = {
    customer: await signedIn("customer"),
    staff: await signedIn("staff"),
    owner: await signedIn("owner"),
  };
  other = await signedIn("customer");
  // A paid (invoiced) order in another shopper's account, and one in the customer's own.
  const theirs = await paidOrder(shop, { priceCents: 300_000 });
  await db()
    .update(orders)
    .set({ customerUserId: other.user.id })
    .where(eq(orders.id, theirs.order.id));
  otherOrder = theirs.order.number;
  const mine = await paidOrder(shop, { priceCents: 200_000 });
  await db()
    .update(orders)
    .set({ customerUserId: people.customer.user.id })
    .where(eq(orders.id, mine.order.id));
  ownOrder = mine.order.number;
  const [row] = await db()
    .insert(customerAddresses)
    .values({
      userId: other.user.id,
      label: "Theirs",
      firstName: "Other",
      lastName: "Person",
      phone: "082 111 2222",
      address: "5 Other Street",
      city: "Potchefstroom",
      postalCode: "2531",
      isDefault: true,
    })
    .returning({ id: customerAddresses.id });
  otherAddress = row!.id;
});

/** Every signed-in page and action of /account, with a URL and params to ask it on. */
const PRIVATE: [string, { loader?: unknown; action?: unknown }, Record<string, string>][] = [
  ["/account", accountHome, {}],
  ["/account/orders/1001", accountOrder, { number: "1001" }],
  ["/account/orders/1001/invoice", accountInvoice, { number: "1001" }],
  ["/account/orders/1001/credit-notes/1", accountCreditNote, { number: "1001", id: "1" }],
  ["/account/addresses", addresses, {}],
];

describe("signed out, every /account page and action goes to the account's sign-in", () => {
  for (const [path, module, params] of PRIVATE) {
    for (const kind of ["loader", "action"] as const) {
      if (!module[kind]) continue;
      it(`${kind} of ${path}`, async () => {
        const request =
          kind === "loader" ? shopRequest(path) : formRequest(path, { intent: "delete", id: "1" });
        const { thrown, returned } = await routeOutcome(module[kind], request, params);
        expect(returned).toBeUndefined();
        const location = (thrown as Response).headers.get("location");
        expect(location).toBe(
          path === "/account"
            ? "/account/sign-in"
            : `/account/sign-in?next=${encodeURIComponent(path)}`,
        );
      });
    }
  }
  it("sign-out without a session goes home", async () => {
    const { returned } = await routeOutcome(
      signOut.action,
      formRequest("/account/sign-out", {}),
      {},
    );
    expect((returned as Response).headers.get("location")).toBe("/");
  });
});

describe("customer, staff and owner each see only their own account", () => {
  for (const role of ROLES) {
    it(`${role}: /account lists their orders only, and sign-in/sign-up send them on`, async () => {
      const { cookie, email } = people[role];
      const home = await routeOutcome(accountHome.loader, shopRequest("/account", { cookie }), {});
      const data = home.returned as { email: string; orders: { number: number }[] };
      expect(data.email).toBe(email);
      expect(data.orders.map((o) => o.number)).toEqual(role === "customer" ? [ownOrder] : []);
      for (const module of [signIn, signUp]) {
        const page = await routeOutcome(
          module.loader,
          shopRequest("/account/sign-in", { cookie }),
          {},
        );
        expect((page.thrown as Response).headers.get("location")).toBe("/account");
      }
    });

    it(`${role}: another shopper's order, its invoice and its address are not found`, async () => {
      const { cookie } = people[role];
      const params = { number: String(otherOrder), id: "1" };
      for (const module of [accountOrder, accountInvoice, accountCreditNote]) {
        const result = await routeOutcome(
          module.loader,
          shopRequest(`/account/orders/${otherOrder}`, { cookie }),
          params,
        );
        expect(statusOf(result.thrown)).toBe(404);
      }
      const attempts: Record<string, string>[] = [
        { intent: "delete", id: String(otherAddress) },
        { intent: "default", id: String(otherAddress) },
        {
          intent: "update",
          id: String(otherAddress),
          label: "Mine now",
          firstName: "A",
          lastName: "B",
          phone: "1",
          address: "x",
          city: "y",
          province: "GP",
          postal: "2000",
        },
      ];
      for (const fields of attempts) {
        const result = await routeOutcome(
          addresses.action,
          formRequest("/account/addresses", fields, cookie),
          {},
        );
        expect(statusOf(result.returned)).toBe(404);
      }
      const [kept] = await db()
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.id, otherAddress));
      expect(kept).toMatchObject({ label: "Theirs", userId: other.user.id, isDefault: true });
    });
  }

  it("the customer gets their own order and its invoice as a PDF", async () => {
    const { cookie } = people.customer;
    const params = { number: String(ownOrder) };
    const page = await routeOutcome(
      accountOrder.loader,
      shopRequest(`/account/orders/${ownOrder}`, { cookie }),
      params,
    );
    expect(page.returned).toMatchObject({
      order: { number: ownOrder, paymentStatus: "paid" },
      invoice: { href: `/account/orders/${ownOrder}/invoice` },
    });
    expect(JSON.stringify(page.returned)).not.toContain("token");
    const pdf = await routeOutcome(
      accountInvoice.loader,
      shopRequest(`/account/orders/${ownOrder}/invoice`, { cookie }),
      params,
    );
    const response = pdf.returned as Response;
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(500);
  });

  it("an unknown action intent is a 400", async () => {
    for (const module of [accountHome, addresses]) {
      const result = await routeOutcome(
        module.action,
        formRequest("/account", { intent: "drop-tables" }, people.customer.cookie),
        {},
      );
      expect(statusOf(result.returned)).toBe(400);
    }
  });
});

describe("saved addresses", () => {
  it("adds, edits, makes default and deletes; bad input is a 400 with messages by the fields", async () => {
    const { cookie, user } = await signedIn("customer");
    const post = (fields: Record<string, string>) =>
      routeOutcome(addresses.action, formRequest("/account/addresses", fields, cookie), {});
    const home = {
      intent: "add",
      label: "Home",
      firstName: "Naledi",
      lastName: "Khumalo",
      phone: "083 000 1111",
      address: "3 Main Road",
      city: "Mahikeng",
      province: "NW",
      postal: "2745",
    };
    const bad = await post({ ...home, city: "", postal: "" });
    expect(statusOf(bad.returned)).toBe(400);
    expect(body(bad.returned)).toMatchObject({
      fieldErrors: { city: "This field is required.", postal: "This field is required." },
      values: { address: "3 Main Road" },
    });
    const wrong = await post({ ...home, postal: "27 45", deliveryMobile: "12345" });
    expect(statusOf(wrong.returned)).toBe(400);
    expect(body(wrong.returned)).toMatchObject({
      fieldErrors: {
        postal: "Write the postal code without spaces, such as 2740.",
        deliveryMobile:
          "Enter a South African mobile number, such as 082 555 0101 or +27 82 555 0101.",
      },
      values: { postal: "27 45", deliveryMobile: "12345" },
    });
    expect(
      await db().select().from(customerAddresses).where(eq(customerAddresses.userId, user.id)),
    ).toEqual([]);

    expect(
      body(
        (
          await post({
            ...home,
            complex: "Unit 4, Protea Gardens",
            deliveryMobile: "072 555 0199",
            accessNotes: "Gate code 1234",
          })
        ).returned,
      ),
    ).toMatchObject({ ok: true });
    expect(
      body((await post({ ...home, label: "Work", address: "9 Office Park" })).returned),
    ).toMatchObject({ ok: true });
    const list = async () =>
      (
        (await routeOutcome(addresses.loader, shopRequest("/account/addresses", { cookie }), {}))
          .returned as {
          addresses: SavedAddress[];
        }
      ).addresses;
    let saved = await list();
    expect(saved.map((a) => [a.label, a.isDefault])).toEqual([
      ["Home", true],
      ["Work", false],
    ]);
    expect(saved[0]).toMatchObject({
      complex: "Unit 4, Protea Gardens",
      province: "NW",
      deliveryMobile: "+27725550199",
      accessNotes: "Gate code 1234",
    });
    const work = saved[1]!;

    await post({ intent: "default", id: String(work.id) });
    saved = await list();
    expect(saved.map((a) => [a.label, a.isDefault])).toEqual([
      ["Work", true],
      ["Home", false],
    ]);

    await post({
      ...home,
      intent: "update",
      id: String(work.id),
      label: "Office",
      address: "10 Office Park",
    });
    saved = await list();
    expect(saved[0]).toMatchObject({ label: "Office", address: "10 Office Park", isDefault: true });

    await post({ intent: "delete", id: String(work.id) });
    saved = await list();
    expect(saved.map((a) => [a.label, a.isDefault])).toEqual([["Home", true]]);
    const missing = await post({ intent: "delete", id: "not-a-number" });
    expect(statusOf(missing.returned)).toBe(404);

    // Checkout offers them to a signed-in shopper, with the account's e-mail; a guest gets none.
    const checkout = await checkoutPage.loader({
      request: shopRequest("/checkout", { cookie }),
    } as Parameters<typeof checkoutPage.loader>[0]);
    expect(checkout.prefill).toMatchObject({
      email: user.email,
      addresses: [{ label: "Home", address: "3 Main Road", postal: "2745", isDefault: true }],
    });
    const guest = await checkoutPage.loader({
      request: shopRequest("/checkout"),
    } as Parameters<typeof checkoutPage.loader>[0]);
    expect(guest.prefill).toBeNull();
    expect(guest.idempotencyKey).toMatch(/.{16,}/);
  });
});

describe("the order page's account offer", () => {
  it("appears after payment only, for a visitor not signed in", async () => {
    const [row] = await db().select().from(orders).where(eq(orders.number, ownOrder));
    const ask = (cookie?: string) =>
      routeOutcome(
        orderPage.loader,
        shopRequest(`/orders/${ownOrder}?token=${row!.token}`, { cookie }),
        { number: String(ownOrder) },
      );
    // The order's e-mail has no account: offer one with its details.
    expect((await ask()).returned).toMatchObject({ accountOffer: "sign-up" });
    expect((await ask(people.customer.cookie)).returned).toMatchObject({ accountOffer: null });
    await db().update(orders).set({ paymentStatus: "unpaid" }).where(eq(orders.id, row!.id));
    expect((await ask()).returned).toMatchObject({ accountOffer: null });
    await db().update(orders).set({ paymentStatus: "paid" }).where(eq(orders.id, row!.id));
    // Once the e-mail has an account, the page asks to sign in instead.
    await signedIn("customer", row!.email);
    expect((await ask()).returned).toMatchObject({ accountOffer: "sign-in" });
  });
});
