// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, storeSettings } from "~/db/schema";
import {
  CLOSED_DAYS_MESSAGE,
  LAYBY_CHARGE_MESSAGE,
  LAYBY_INTEREST_MESSAGE,
} from "~/domain/settings/settings-schemas";
import * as settingsGeneral from "~/routes/admin/settings-general";
import * as storeLayout from "~/routes/store/layout";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
  type RouteHandler,
} from "../admin/helpers";

useTestDatabase();

const cookies = {} as Record<"customer" | "staff" | "owner", string>;
beforeAll(async () => {
  await insertStoreSettings();
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
});

const save = (fields: Record<string, string>, cookie?: string) =>
  routeOutcome(
    settingsGeneral.action as RouteHandler,
    formRequest(
      "/admin/settings",
      { intent: "layby", laybyInterestBasisPoints: "11.75", ...fields },
      cookie,
    ),
    {},
  );
const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as {
    ok: boolean;
    fieldErrors?: Record<string, string>;
  };
const saved = async () => (await db().select().from(storeSettings))[0]!;

describe("the lay-by settings card (Settings > General)", () => {
  it("shows staff and the owner the terms; only the owner may change them", async () => {
    for (const role of ["staff", "owner"] as const) {
      const page = await routeOutcome(
        settingsGeneral.loader as RouteHandler,
        shopRequest("/admin/settings", { cookie: cookies[role] }),
        {},
      );
      expect(page.returned).toMatchObject({
        canEdit: role === "owner",
        layby: { minDeposit: "600.00", charge: "1" },
      });
    }
    const fields = { laybyMinDepositCents: "500", laybyChargeBasisPoints: "0.5" };
    const signedOut = await save(fields);
    expect((signedOut.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    for (const role of ["customer", "staff"] as const) {
      expect(statusOf((await save(fields, cookies[role])).thrown)).toBe(403);
    }
    expect(await saved()).toMatchObject({
      laybyMinDepositCents: 60_000,
      laybyChargeBasisPoints: 100,
    });
  });

  it("saves the owner's change, audited from and to", async () => {
    const result = await save(
      { laybyMinDepositCents: "750.00", laybyChargeBasisPoints: "0.75" },
      cookies.owner,
    );
    expect(body(result.returned).ok).toBe(true);
    expect(await saved()).toMatchObject({
      laybyMinDepositCents: 75_000,
      laybyChargeBasisPoints: 75,
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings_updated"), eq(auditLog.subject, "settings:layby")));
    expect(audit?.details).toEqual({
      laybyMinDepositCents: { from: 60_000, to: 75_000 },
      laybyChargeBasisPoints: { from: 100, to: 75 },
    });
    // The storefront's advertising, legal pages and checkout read the terms from its layout.
    const { settings } = await storeLayout.loader();
    expect(settings).toMatchObject({ laybyMinDepositCents: 75_000, laybyChargeBasisPoints: 75 });
  });

  it.each([
    ["1.01", LAYBY_CHARGE_MESSAGE],
    ["5", LAYBY_CHARGE_MESSAGE],
    ["-1", "Enter a percent such as 1 or 0.5."],
    ["one", "Enter a percent such as 1 or 0.5."],
    ["", "This field is required."],
  ])("refuses a charge of %j with a message by the field", async (charge, message) => {
    const result = await save(
      { laybyMinDepositCents: "600", laybyChargeBasisPoints: charge },
      cookies.owner,
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned).fieldErrors).toEqual({ laybyChargeBasisPoints: message });
  });

  it("saves the interest rate and the closed days, and refuses them when they are not, by the field", async () => {
    const fields = { laybyMinDepositCents: "600", laybyChargeBasisPoints: "1" };
    const ok = await save(
      {
        ...fields,
        laybyInterestBasisPoints: "10,5",
        closedDays: "2027-01-04\n2026-12-28\n\n2026-12-28",
      },
      cookies.owner,
    );
    expect(body(ok.returned).ok).toBe(true);
    expect(await saved()).toMatchObject({
      laybyInterestBasisPoints: 1_050,
      closedDays: ["2026-12-28", "2027-01-04"],
    });
    const page = await routeOutcome(
      settingsGeneral.loader as RouteHandler,
      shopRequest("/admin/settings", { cookie: cookies.owner }),
      {},
    );
    expect(page.returned).toMatchObject({
      layby: { interest: "10.5", closedDays: "2026-12-28\n2027-01-04" },
    });
    for (const [field, value, message] of [
      ["laybyInterestBasisPoints", "51", LAYBY_INTEREST_MESSAGE],
      ["laybyInterestBasisPoints", "", "This field is required."],
      ["closedDays", "2026-02-30", CLOSED_DAYS_MESSAGE],
      ["closedDays", "next friday", CLOSED_DAYS_MESSAGE],
    ] as const) {
      const refused = await save({ ...fields, [field]: value }, cookies.owner);
      expect(statusOf(refused.returned), value).toBe(400);
      expect(body(refused.returned).fieldErrors).toEqual({ [field]: message });
    }
    expect(await saved()).toMatchObject({ laybyInterestBasisPoints: 1_050 });
  });

  it("refuses a deposit that is not an amount", async () => {
    const result = await save(
      { laybyMinDepositCents: "lots", laybyChargeBasisPoints: "1" },
      cookies.owner,
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned).fieldErrors).toHaveProperty("laybyMinDepositCents");
  });
});
