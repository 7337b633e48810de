import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, storeSettings } from "~/db/schema";
import { quoteCheckout } from "~/domain/orders/quote.server";
import { documentPolicy } from "~/lib/csp.server";
import {
  configureDates,
  DEFAULT_DATE_SETTINGS,
  formatDateTime,
  TIME_ZONE_MESSAGE,
} from "~/lib/dates";
import * as adminLayout from "~/routes/admin/layout";
import * as general from "~/routes/admin/settings-general";
import * as integrations from "~/routes/admin/settings-integrations";
import * as storeLayout from "~/routes/store/layout";
import { AMOUNT_MESSAGE } from "~/lib/money";
import { ADD_ON_FEE_MESSAGE } from "~/domain/settings/settings-schemas";
import { useTestDatabase } from "../../setup/database";
import { seededRandom } from "../../e2e/server/fuzz-corpus";
import { setUpShop } from "../payments/helpers";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "./helpers";

useTestDatabase();

const GENERAL_PATH = "/admin/settings";
const INTEGRATIONS_PATH = "/admin/settings/integrations";
const GENERAL_FORM = {
  storeName: "Test Beds",
  email: "shop@test-beds.example",
  phone: "018 000 0000",
  streetAddress: "1 Test Street",
  town: "Lichtenburg",
  province: "North West",
  postalCode: "2740",
  legalName: "Test Beds (Pty) Ltd",
  registrationNumber: "2009/000001/07",
  vatNumber: "",
  timezone: "Africa/Johannesburg",
  dateFormat: "DD/MM/YYYY",
  currency: "ZAR",
};

let shop: Awaited<ReturnType<typeof setUpShop>>;
let customer: string;
let staff: string;
let owner: string;
beforeAll(async () => {
  shop = await setUpShop();
  customer = (await signedIn("customer")).cookie;
  staff = (await signedIn("staff")).cookie;
  owner = (await signedIn("owner")).cookie;
});
afterAll(async () => {
  configureDates(DEFAULT_DATE_SETTINGS);
  await shop.cleanup();
});

const call = (handler: unknown, request: Request) => routeOutcome(handler, request, {});
const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;
const settingsRow = async () =>
  (await db().select().from(storeSettings).where(eq(storeSettings.id, 1)))[0]!;
const settingsAudit = () =>
  db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, "settings_updated"))
    .orderBy(desc(auditLog.id));
/** What the storefront's layout (header, footer, every page) reads for a request. */
const storefront = () => storeLayout.loader();

describe("role checks of the General and Integrations tabs", () => {
  const routes = [
    [GENERAL_PATH, general, GENERAL_FORM],
    [INTEGRATIONS_PATH, integrations, { intent: "shipping", standardDeliveryCents: "1" }],
  ] as const;
  for (const [path, module, fields] of routes) {
    it(`${path}: signed out goes to the staff sign-in, a customer gets 403, for the page and its form`, async () => {
      for (const request of [shopRequest(path), formRequest(path, fields)]) {
        const handler = request.method === "GET" ? module.loader : module.action;
        const { thrown } = await call(handler, request);
        expect((thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
      }
      for (const request of [
        shopRequest(path, { cookie: customer }),
        formRequest(path, fields, customer),
      ]) {
        const handler = request.method === "GET" ? module.loader : module.action;
        const result = await call(handler, request);
        expect(result.returned).toBeUndefined();
        expect(statusOf(result.thrown)).toBe(403);
      }
    });

    it(`${path}: staff read it without the owner's controls and cannot save`, async () => {
      const before = await settingsRow();
      const page = await call(module.loader, shopRequest(path, { cookie: staff }));
      expect(page.returned).toMatchObject({ canEdit: false });
      const post = await call(
        module.action,
        formRequest(path, { ...fields, phone: "011 111 1111" }, staff),
      );
      expect(statusOf(post.thrown)).toBe(403);
      expect(await settingsRow()).toEqual(before);
    });

    it(`${path}: the owner may edit it`, async () => {
      const page = await call(module.loader, shopRequest(path, { cookie: owner }));
      expect(page.returned).toMatchObject({ canEdit: true });
    });
  }

  it("staff cannot send the test e-mail or run a connection check", async () => {
    for (const intent of ["test-email", "check-payfast", "check-payflex", "analytics"]) {
      const post = await call(
        integrations.action,
        formRequest(INTEGRATIONS_PATH, { intent }, staff),
      );
      expect(statusOf(post.thrown), intent).toBe(403);
    }
  });
});

describe("General", () => {
  it("refuses bad input with 400 and messages by the fields, and stores nothing", async () => {
    const before = await settingsRow();
    const audits = (await settingsAudit()).length;
    const result = await call(
      general.action,
      formRequest(GENERAL_PATH, { ...GENERAL_FORM, phone: "ring us", currency: "USD" }, owner),
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned)).toMatchObject({
      ok: false,
      fieldErrors: {
        phone: "Enter a phone number such as 018 632 1234.",
        currency: "The shop trades in Rand only: prices, payments and invoices are in ZAR.",
      },
      values: { phone: "ring us" },
    });
    expect(await settingsRow()).toEqual(before);
    expect(await settingsAudit()).toHaveLength(audits);
  });

  it("saves a new phone number, which the storefront shows on the next request, with its audit line", async () => {
    expect((await storefront()).settings.phone).toBe("018 000 0000");
    const result = await call(
      general.action,
      formRequest(GENERAL_PATH, { ...GENERAL_FORM, phone: "018 632 9999" }, owner),
    );
    expect(body(result.returned)).toMatchObject({ ok: true, message: { title: "Settings Saved" } });
    expect((await settingsRow()).phone).toBe("018 632 9999");
    expect((await storefront()).settings.phone).toBe("018 632 9999");
    const [audit] = await settingsAudit();
    expect(audit).toMatchObject({
      subject: "settings:general",
      details: { phone: { from: "018 000 0000", to: "018 632 9999" } },
    });
    expect(Object.keys(audit!.details as object)).toEqual(["phone"]);
  });

  it("a changed date format changes the back office's dates, in Johannesburg's time", async () => {
    const moment = new Date("2026-12-31T22:30:00Z");
    const result = await call(
      general.action,
      formRequest(GENERAL_PATH, { ...GENERAL_FORM, dateFormat: "YYYY-MM-DD" }, owner),
    );
    expect(statusOf(result.returned)).toBe(200);
    configureDates(DEFAULT_DATE_SETTINGS);
    // The admin layout reads the settings on every request and hands them to the browser too.
    const layout = await call(adminLayout.loader, shopRequest("/admin", { cookie: staff }));
    expect(layout.returned).toMatchObject({
      dates: { timeZone: "Africa/Johannesburg", dateFormat: "YYYY-MM-DD" },
    });
    expect(formatDateTime(moment)).toBe("2027-01-01, 00:30");
    await call(general.action, formRequest(GENERAL_PATH, GENERAL_FORM, owner));
    // Any next read of the settings (here the storefront's) brings the dates back.
    await storefront();
    expect(formatDateTime(moment)).toBe("01/01/2027, 00:30");
  });

  it("refuses a US time zone by its field: the shop's days are counted in Johannesburg", async () => {
    const result = await call(
      general.action,
      formRequest(GENERAL_PATH, { ...GENERAL_FORM, timezone: "America/New_York" }, owner),
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned)).toMatchObject({
      fieldErrors: { timezone: TIME_ZONE_MESSAGE },
    });
    expect((await settingsRow()).timezone).toBe("Africa/Johannesburg");
  });
});

describe("Integrations: shipping", () => {
  const quote = () =>
    quoteCheckout({
      lines: [{ variantId: shop.variantId, quantity: 1 }],
      deliveryMethod: "standard",
      promoCode: "",
    });

  it("a changed free-delivery threshold changes checkout's delivery fee", async () => {
    // R3,499 is above the R2,000 threshold: free.
    expect((await quote()).totals.deliveryCents).toBe(0);
    const result = await call(
      integrations.action,
      formRequest(
        INTEGRATIONS_PATH,
        {
          intent: "shipping",
          standardDeliveryCents: "350",
          expressDeliveryCents: "450",
          freeDeliveryThresholdCents: "5000",
          removalFeeCents: "250",
          assemblyFeeCents: "350",
        },
        owner,
      ),
    );
    expect(body(result.returned)).toMatchObject({ ok: true, message: { title: "Settings Saved" } });
    expect((await quote()).totals.deliveryCents).toBe(35000);
    expect((await storefront()).settings.freeDeliveryThresholdCents).toBe(500000);
    const [audit] = await settingsAudit();
    expect(audit).toMatchObject({
      subject: "settings:shipping",
      details: { freeDeliveryThresholdCents: { from: 200000, to: 500000 } },
    });
  });

  it("refuses an amount it cannot read with 400, by the field", async () => {
    const result = await call(
      integrations.action,
      formRequest(
        INTEGRATIONS_PATH,
        {
          intent: "shipping",
          standardDeliveryCents: "cheap",
          expressDeliveryCents: "450",
          freeDeliveryThresholdCents: "5000",
          removalFeeCents: "250",
          assemblyFeeCents: "350",
        },
        owner,
      ),
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned)).toMatchObject({
      fieldErrors: { standardDeliveryCents: AMOUNT_MESSAGE },
    });
    expect((await settingsRow()).standardDeliveryCents).toBe(35000);
  });

  it("saves the add-ons' fees as typed, which checkout then offers, and refuses R0 at the field", async () => {
    const fields = {
      intent: "shipping",
      standardDeliveryCents: "350",
      expressDeliveryCents: "450",
      freeDeliveryThresholdCents: "5000",
      removalFeeCents: "275,50",
      assemblyFeeCents: "R 400",
    };
    const saved = await call(integrations.action, formRequest(INTEGRATIONS_PATH, fields, owner));
    expect(body(saved.returned)).toMatchObject({ ok: true });
    expect(await settingsRow()).toMatchObject({ removalFeeCents: 27550, assemblyFeeCents: 40000 });
    expect((await quote()).addOnFees).toEqual({ removalCents: 27550, assemblyCents: 40000 });

    const refused = await call(
      integrations.action,
      formRequest(INTEGRATIONS_PATH, { ...fields, removalFeeCents: "0" }, owner),
    );
    expect(statusOf(refused.returned)).toBe(400);
    expect(body(refused.returned)).toMatchObject({
      fieldErrors: { removalFeeCents: ADD_ON_FEE_MESSAGE },
    });
    expect((await settingsRow()).removalFeeCents).toBe(27550);
  });
});

describe("Integrations: analytics", () => {
  const save = (fields: Record<string, string>) =>
    call(
      integrations.action,
      formRequest(INTEGRATIONS_PATH, { intent: "analytics", ...fields }, owner),
    );

  it("is off by default: the storefront loads no script and its policy allows none", async () => {
    expect((await settingsRow()).analyticsEnabled).toBe(false);
    expect((await storefront()).analytics).toBeNull();
    expect(documentPolicy({ nonce: "n" }, null)).not.toContain("plausible");
  });

  it("refuses switching on without a script address, with 400", async () => {
    const result = await save({ analyticsEnabled: "on" });
    expect(statusOf(result.returned)).toBe(400);
    expect((await storefront()).analytics).toBeNull();
  });

  it("switched on, the storefront loads the script; switched off again, it does not", async () => {
    const on = await save({
      analyticsEnabled: "on",
      analyticsScriptUrl: "https://plausible.io/js/script.js",
      analyticsDomain: "test-beds.example",
    });
    expect(body(on.returned)).toMatchObject({ ok: true });
    expect((await storefront()).analytics).toEqual({
      scriptUrl: "https://plausible.io/js/script.js",
      domain: "test-beds.example",
    });
    const off = await save({
      analyticsScriptUrl: "https://plausible.io/js/script.js",
      analyticsDomain: "test-beds.example",
    });
    expect(body(off.returned)).toMatchObject({ ok: true });
    expect((await storefront()).analytics).toBeNull();
    const [audit] = await settingsAudit();
    expect(audit).toMatchObject({
      subject: "settings:analytics",
      details: { analyticsEnabled: { from: true, to: false } },
    });
  });

  it("the page's policy allows the script's origin only when given it", () => {
    const policy = documentPolicy({ nonce: "n" }, "https://plausible.io");
    expect(policy).toMatch(/script-src 'self' 'nonce-n' https:\/\/plausible\.io/);
    expect(policy).toMatch(/connect-src 'self'.* https:\/\/plausible\.io/);
  });
});

describe("bad input never gets a 5xx", () => {
  const JUNK = [
    "",
    " ",
    "x".repeat(5000),
    "<script>",
    "😀",
    "'; drop table x;--",
    "1e309",
    "-0",
    "R",
    "\u202e",
    "%00",
  ];
  it("200 or 400 for 60 seeded forms with a field replaced by junk, and the row stays valid", async () => {
    const random = seededRandom(25);
    const forms: [unknown, string, Record<string, string>][] = [
      [general.action, GENERAL_PATH, GENERAL_FORM],
      [
        integrations.action,
        INTEGRATIONS_PATH,
        {
          intent: "shipping",
          standardDeliveryCents: "299",
          expressDeliveryCents: "299",
          freeDeliveryThresholdCents: "2000",
          removalFeeCents: "250",
          assemblyFeeCents: "350",
        },
      ],
      [
        integrations.action,
        INTEGRATIONS_PATH,
        {
          intent: "analytics",
          analyticsEnabled: "on",
          analyticsScriptUrl: "https://a.example/s.js",
          analyticsDomain: "shop.example",
        },
      ],
    ];
    for (let i = 0; i < 60; i++) {
      const [action, path, fields] = random.pick(forms);
      const field = random.pick(Object.keys(fields));
      const sent = { ...fields, [field]: random.pick(JUNK) };
      const result = await call(action, formRequest(path, sent, owner));
      expect([200, 400], JSON.stringify(sent).slice(0, 200)).toContain(statusOf(result.returned));
    }
    const row = await settingsRow();
    expect(row.storeName.length).toBeGreaterThan(0);
    expect(row.standardDeliveryCents).toBeGreaterThanOrEqual(0);
  });
});
