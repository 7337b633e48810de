// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, userPreferences } from "~/db/schema";
import * as adminLayout from "~/routes/admin/layout";
import * as appearance from "~/routes/admin/settings-appearance";
import * as notifications from "~/routes/admin/settings-notifications";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "./helpers";

useTestDatabase();

const NOTIFICATIONS = "/admin/settings/notifications";
const APPEARANCE = "/admin/settings/appearance";

type Person = Awaited<ReturnType<typeof signedIn>>;
let customer: Person;
let staff: Person;
let owner: Person;
beforeAll(async () => {
  await insertStoreSettings();
  customer = await signedIn("customer");
  staff = await signedIn("staff");
  owner = await signedIn("owner");
});

const call = (handler: unknown, request: Request) => routeOutcome(handler, request, {});
const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;
const setCookieOf = (value: unknown) =>
  new Headers((value as { init?: { headers?: HeadersInit } }).init?.headers).get("set-cookie");
const rowOf = async (person: Person) =>
  (await db().select().from(userPreferences).where(eq(userPreferences.userId, person.user.id)))[0];
const auditOf = (person: Person) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "preferences_updated"), eq(auditLog.actorId, person.user.id)))
    .orderBy(desc(auditLog.id));

describe("role checks of the Notifications and Appearance tabs", () => {
  const routes = [
    [NOTIFICATIONS, notifications, { newOrders: "on" }],
    [APPEARANCE, appearance, { theme: "dark" }],
  ] as const;
  for (const [path, module, fields] of routes) {
    it(`${path}: signed out goes to the staff sign-in, a customer gets 403, for the page and its form`, async () => {
      for (const request of [shopRequest(path), formRequest(path, fields)]) {
        const handler = request.method === "GET" ? module.loader : module.action;
        const { thrown } = await call(handler, request);
        expect((thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
      }
      for (const request of [
        shopRequest(path, { cookie: customer.cookie }),
        formRequest(path, fields, customer.cookie),
      ]) {
        const handler = request.method === "GET" ? module.loader : module.action;
        const result = await call(handler, request);
        expect(result.returned).toBeUndefined();
        expect(statusOf(result.thrown)).toBe(403);
      }
      expect(await rowOf(customer)).toBeUndefined();
    });

    it(`${path}: staff and the owner each read and save their own`, async () => {
      for (const person of [staff, owner]) {
        const page = await call(module.loader, shopRequest(path, { cookie: person.cookie }));
        expect(statusOf(page.returned)).toBe(200);
        const post = await call(module.action, formRequest(path, fields, person.cookie));
        expect(body(post.returned)).toMatchObject({ ok: true });
      }
    });
  }
});

describe("the Notifications tab", () => {
  const load = async (person: Person) =>
    (await call(notifications.loader, shopRequest(NOTIFICATIONS, { cookie: person.cookie })))
      .returned as Awaited<ReturnType<typeof notifications.loader>>;
  const post = async (person: Person, fields: Record<string, string>) => {
    const { returned } = await call(
      notifications.action,
      formRequest(NOTIFICATIONS, fields, person.cookie),
    );
    return { status: statusOf(returned), body: body(returned) };
  };

  it("shows the specification's defaults to someone who never saved", async () => {
    const fresh = await signedIn("staff");
    expect(await load(fresh)).toEqual({
      email: fresh.email,
      saved: {
        newOrders: true,
        lowStockAlerts: true,
        paymentConfirmations: true,
        weeklyReports: false,
        marketingUpdates: false,
      },
    });
  });

  it("saves each switch, says so only after it is stored, and keeps each person's own", async () => {
    const person = await signedIn("staff");
    const saved = await post(person, { weeklyReports: "on", marketingUpdates: "on" });
    expect(saved).toMatchObject({
      status: 200,
      body: { ok: true, message: { title: "Settings Saved" } },
    });
    expect((await load(person)).saved).toEqual({
      newOrders: false,
      lowStockAlerts: false,
      paymentConfirmations: false,
      weeklyReports: true,
      marketingUpdates: true,
    });
    expect(await rowOf(person)).toMatchObject({ weeklyReports: true, newOrders: false });
    // Another staff member's are untouched.
    expect((await load(owner)).saved.weeklyReports).toBe(false);
    const [line] = await auditOf(person);
    expect(line).toMatchObject({
      subject: "preferences:notifications",
      actorEmail: person.email,
      details: {
        newOrders: { from: true, to: false },
        weeklyReports: { from: false, to: true },
        marketingUpdates: { from: false, to: true },
      },
    });
    // The same form again changes nothing and writes no audit line.
    const again = await post(person, { weeklyReports: "on", marketingUpdates: "on" });
    expect(again.body).toMatchObject({ message: { description: "Nothing had changed." } });
    expect(await auditOf(person)).toHaveLength(1);
  });

  it("refuses a value that is not a switch with a message by it, and stores nothing", async () => {
    const person = await signedIn("staff");
    const refused = await post(person, { newOrders: "yes please", weeklyReports: "on" });
    expect(refused).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { newOrders: "Switch it on or off." } },
    });
    expect(await rowOf(person)).toBeUndefined();
    expect(await auditOf(person)).toEqual([]);
  });
});

describe("the Appearance tab", () => {
  const post = async (person: Person, fields: Record<string, string>, cookie = person.cookie) => {
    const { returned } = await call(appearance.action, formRequest(APPEARANCE, fields, cookie));
    return { status: statusOf(returned), body: body(returned), setCookie: setCookieOf(returned) };
  };
  const layout = async (person: Person, themeCookie?: string) => {
    const cookie = themeCookie ? `${person.cookie}; theme=${themeCookie}` : person.cookie;
    const { returned } = await call(adminLayout.loader, shopRequest("/admin", { cookie }));
    return { data: body(returned), setCookie: setCookieOf(returned) };
  };

  it("stores the theme and compact mode, sets this browser's theme cookie, and the admin layout reads them", async () => {
    const person = await signedIn("staff");
    expect((await layout(person, "system")).data.appearance).toEqual({
      theme: "system",
      compactMode: false,
    });
    const saved = await post(person, { theme: "dark", compactMode: "on" });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        ok: true,
        message: {
          title: "Settings Saved",
          description:
            "The back office uses the Dark theme, with compact tables, on every device you sign in on.",
        },
      },
    });
    expect(saved.setCookie).toMatch(/^theme=dark; Path=\/; Max-Age=31536000; SameSite=Lax$/);
    expect(await rowOf(person)).toMatchObject({ theme: "dark", compactMode: true });
    const [line] = await auditOf(person);
    expect(line).toMatchObject({
      subject: "preferences:appearance",
      details: { theme: { from: "system", to: "dark" }, compactMode: { from: false, to: true } },
    });
    // This browser agrees: nothing to set. Another device (a light cookie, or none) is told.
    const here = await layout(person, "dark");
    expect(here.data.appearance).toEqual({ theme: "dark", compactMode: true });
    expect(here.setCookie).toBeNull();
    expect((await layout(person, "light")).setCookie).toMatch(/^theme=dark;/);
    expect((await layout(person)).setCookie).toMatch(/^theme=dark;/);
    // Someone else's back office is not affected.
    const colleague = await signedIn("staff");
    expect((await layout(colleague, "system")).data.appearance).toMatchObject({ theme: "system" });
  });

  it("refuses an unknown theme with a message by the field, and stores nothing", async () => {
    const person = await signedIn("staff");
    for (const theme of ["purple", "", "DARK"]) {
      const refused = await post(person, { theme });
      expect(refused).toMatchObject({
        status: 400,
        body: { ok: false, fieldErrors: { theme: "Choose Light, Dark or System." } },
      });
      expect(refused.setCookie).toBeNull();
    }
    const missing = await post(person, { compactMode: "on" });
    expect(missing.status).toBe(400);
    const badSwitch = await post(person, { theme: "light", compactMode: "yes" });
    expect(badSwitch.body).toMatchObject({ fieldErrors: { compactMode: "Switch it on or off." } });
    expect(await rowOf(person)).toBeUndefined();
  });
});
