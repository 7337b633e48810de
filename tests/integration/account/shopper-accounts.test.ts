import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders, users } from "~/db/schema";
import { placeOrder } from "~/domain/orders/place-order.server";
import * as accountHome from "~/routes/account/index";
import * as signUp from "~/routes/account/sign-up";
import * as signIn from "~/routes/account/sign-in";
import * as verify from "~/routes/account/verify";
import * as forgot from "~/routes/account/forgot";
import * as reset from "~/routes/account/reset";
import * as adminLayout from "~/routes/admin/layout";
import * as adminForgot from "~/routes/auth/forgot-password";
import { useTestDatabase } from "../../setup/database";
import { awayFromWindowEdges } from "../../setup/rate-window";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import {
  cookieFrom,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { linkIn, ownOutbox } from "./helpers";
import { enableTwoFactor } from "../admin/two-factor-helpers";

useTestDatabase();
awayFromWindowEdges();

let outbox: Awaited<ReturnType<typeof ownOutbox>>;
let variantId: number;
let pillowId: number;
beforeAll(async () => {
  outbox = await ownOutbox("shopper-accounts-");
  process.env.FORM_RATE_LIMIT = "1000";
  const shop = await setUpShop();
  variantId = (await addVariant(shop, { priceCents: 450_000, stock: 50 })).variantId;
  pillowId = (await addVariant(shop, { priceCents: 35_000, stock: 50 })).variantId;
});
afterAll(async () => {
  delete process.env.FORM_RATE_LIMIT;
  await outbox.close();
});

const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;
const guestOrder = (email: string, signedInUserId?: string) =>
  placeOrder({ ...checkout([{ variantId, quantity: 1 }], { email }), signedInUserId });
const ownerOf = async (id: number) =>
  (await db().select().from(orders).where(eq(orders.id, id)))[0]!.customerUserId;

async function signUpShopper(email: string, name = "Lerato Dlamini") {
  const result = await routeOutcome(
    signUp.action,
    formRequest("/account/sign-up", {
      name,
      email,
      password: "sleep-well-7",
      confirmPassword: "sleep-well-7",
    }),
    {},
  );
  return result.returned;
}

async function signInShopper(email: string, password = "sleep-well-7") {
  const { thrown } = await routeOutcome(
    signIn.action,
    formRequest("/account/sign-in", { email, password }),
    {},
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).headers.get("location")).toBe("/account");
  return cookieFrom((thrown as Response).headers);
}

async function accountOrders(cookie: string) {
  const { returned } = await routeOutcome(
    accountHome.loader,
    shopRequest("/account", { cookie }),
    {},
  );
  return returned as Awaited<ReturnType<typeof accountHome.loader>>;
}

describe("signing up, verifying and guest orders", () => {
  it("guest orders join only once the e-mail is verified, and orders after that join at once", async () => {
    const email = "lerato@example.com";
    const before = await guestOrder(email);

    const answer = await signUpShopper("Lerato@Example.com");
    expect(statusOf(answer)).toBe(200);
    expect(body(answer)).toMatchObject({ ok: true, message: { title: "Check your e-mail" } });
    const [user] = await db().select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: "customer", emailVerified: false, name: "Lerato Dlamini" });

    // Signed in but not verified: the guest order stays a guest's, and so does a new one.
    const cookie = await signInShopper(email);
    const whileUnverified = await guestOrder(email);
    expect(await ownerOf(before.order.id)).toBeNull();
    expect(await ownerOf(whileUnverified.order.id)).toBeNull();
    expect(await accountOrders(cookie)).toMatchObject({ verified: false, orders: [] });

    const link = linkIn(await outbox.mails(), email, "/account/verify");
    const verified = await routeOutcome(
      verify.loader,
      shopRequest(`/account/verify${link.search}`),
      {},
    );
    expect(verified.returned).toMatchObject({ ok: true, email, joinedOrders: 2 });
    expect(await ownerOf(before.order.id)).toBe(user!.id);
    expect(await ownerOf(whileUnverified.order.id)).toBe(user!.id);

    // The link again: still fine, nothing new joins.
    const again = await routeOutcome(
      verify.loader,
      shopRequest(`/account/verify${link.search}`),
      {},
    );
    expect(again.returned).toMatchObject({ ok: true, joinedOrders: 0 });

    // A guest order with the verified address now joins when placed.
    const after = await guestOrder("LERATO@example.com");
    expect(await ownerOf(after.order.id)).toBe(user!.id);
    const listed = await accountOrders(cookie);
    expect(listed.verified).toBe(true);
    expect(listed.orders.map((o) => o.number).sort()).toEqual(
      [before, whileUnverified, after].map((o) => o.order.number).sort(),
    );
  });

  it("an order placed while signed in belongs to the account, whatever e-mail it gives", async () => {
    const { user } = await signedIn("customer");
    const { order } = await guestOrder("someone-else@example.com", user.id);
    expect(await ownerOf(order.id)).toBe(user.id);
  });

  it("the order list counts an order's items as its lines' quantities added up", async () => {
    const { user, cookie } = await signedIn("customer");
    const place = (lines: { variantId: number; quantity: number }[]) =>
      placeOrder({ ...checkout(lines), signedInUserId: user.id });
    const one = await place([{ variantId, quantity: 1 }]);
    const two = await place([{ variantId, quantity: 2 }]);
    const mixed = await place([
      { variantId, quantity: 1 },
      { variantId: pillowId, quantity: 2 },
    ]);
    const listed = await accountOrders(cookie);
    const itemsOf = new Map(listed.orders.map((o) => [o.number, o.items]));
    expect(itemsOf.get(one.order.number)).toBe(1);
    expect(itemsOf.get(two.order.number)).toBe(2);
    expect(itemsOf.get(mixed.order.number)).toBe(3);
    expect(listed.orders).toHaveLength(3);
  });

  it("an unverified account never gets orders of its e-mail", async () => {
    await signUpShopper("unverified@example.com");
    const { order } = await guestOrder("unverified@example.com");
    expect(await ownerOf(order.id)).toBeNull();
  });

  it("a bad or forged verification link is a 400 and verifies nothing", async () => {
    await signUpShopper("forger@example.com");
    for (const token of [
      "",
      "abc",
      "eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6ImZvcmdlckBleGFtcGxlLmNvbSJ9.AAAA",
    ]) {
      const result = await routeOutcome(
        verify.loader,
        shopRequest(`/account/verify?token=${encodeURIComponent(token)}`),
        {},
      );
      expect(statusOf(result.returned)).toBe(400);
    }
    const [user] = await db().select().from(users).where(eq(users.email, "forger@example.com"));
    expect(user!.emailVerified).toBe(false);
  });
});

describe("the sign-up and sign-in forms", () => {
  it("answers bad input with 400 and messages by the fields, keeping what was typed but passwords", async () => {
    const result = await routeOutcome(
      signUp.action,
      formRequest("/account/sign-up", {
        name: "",
        email: "not an email",
        password: "short",
        confirmPassword: "other",
      }),
      {},
    );
    expect(statusOf(result.returned)).toBe(400);
    const answer = body(result.returned) as {
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(answer.fieldErrors).toMatchObject({
      name: "This field is required.",
      email: "Invalid email address",
      password: "Password must be at least 6 characters",
    });
    expect(answer.values.email).toBe("not an email");
    expect(answer.values.password).toBeUndefined();
  });

  it("answers a registered e-mail as a new one (sign-up-answers.test.ts has the e-mails)", async () => {
    const first = await signUpShopper("twice@example.com");
    const again = await signUpShopper("twice@example.com");
    expect(statusOf(again)).toBe(statusOf(first));
    expect(body(again)).toEqual(body(first));
  });

  it("a wrong password is a 401, and sign-in is limited as staff sign-in is", async () => {
    await signUpShopper("limited@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      // From an address of its own, so the other tests' sign-ins are not limited.
      const result = await signIn.action({
        request: formRequest("/account/sign-in", {
          email: "limited@example.com",
          password: "wrong-one",
        }),
        params: {},
        context: { clientAddress: "10.9.9.9" },
      } as unknown as Parameters<typeof signIn.action>[0]);
      statuses.push(statusOf(result));
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("goes back to the /account page asked for, never elsewhere", async () => {
    await signUpShopper("next@example.com");
    for (const [next, expected] of [
      ["/account/addresses", "/account/addresses"],
      ["https://evil.example/", "/account"],
      ["//evil.example", "/account"],
    ]) {
      const { thrown } = await routeOutcome(
        signIn.action,
        formRequest(`/account/sign-in?next=${encodeURIComponent(next!)}`, {
          email: "next@example.com",
          password: "sleep-well-7",
        }),
        {},
      );
      expect((thrown as Response).headers.get("location")).toBe(expected);
    }
  });
});

describe("a shopper is not staff", () => {
  it("cannot reach /admin with a shopper's session", async () => {
    await signUpShopper("notstaff@example.com");
    const cookie = await signInShopper("notstaff@example.com");
    const result = await routeOutcome(adminLayout.loader, shopRequest("/admin", { cookie }), {});
    expect(statusOf(result.thrown)).toBe(403);
  });
});

describe("staff with two-factor sign-in", () => {
  it("signing in on the account page still asks for the code", async () => {
    const staff = await signedIn("staff");
    await enableTwoFactor(staff.cookie, staff.password);
    let thrown: unknown;
    try {
      await signIn.action({
        request: formRequest("/account/sign-in", { email: staff.email, password: staff.password }),
        params: {},
        context: { clientAddress: "10.9.9.10" },
      } as unknown as Parameters<typeof signIn.action>[0]);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get("location")).toBe("/admin-login/two-factor");
  });
});

describe("password reset links", () => {
  it("lead a shopper to /account/reset and staff to /admin-login/reset", async () => {
    await signUpShopper("resetme@example.com");
    const staff = await signedIn("staff");
    await routeOutcome(
      forgot.action,
      formRequest("/account/forgot", { email: "resetme@example.com" }),
      {},
    );
    await routeOutcome(
      adminForgot.action,
      formRequest("/admin-login/forgot", { email: staff.email }),
      {},
    );
    const mails = await outbox.mails();
    expect(() => linkIn(mails, staff.email, "/admin-login/reset")).not.toThrow();
    const link = linkIn(mails, "resetme@example.com", "/account/reset");

    const token = link.searchParams.get("token")!;
    const mismatch = await routeOutcome(
      reset.action,
      formRequest("/account/reset", {
        token,
        password: "new-pass-1",
        confirmPassword: "new-pass-2",
      }),
      {},
    );
    expect(statusOf(mismatch.returned)).toBe(400);
    const done = await routeOutcome(
      reset.action,
      formRequest("/account/reset", {
        token,
        password: "new-pass-1",
        confirmPassword: "new-pass-1",
      }),
      {},
    );
    expect((done.thrown as Response).headers.get("location")).toBe("/account/sign-in?reset=done");
    await signInShopper("resetme@example.com", "new-pass-1");
    const reused = await routeOutcome(
      reset.action,
      formRequest("/account/reset", {
        token,
        password: "new-pass-3",
        confirmPassword: "new-pass-3",
      }),
      {},
    );
    expect(statusOf(reused.returned)).toBe(400);
  });
});
