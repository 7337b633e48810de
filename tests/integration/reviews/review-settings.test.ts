// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, storeSettings } from "~/db/schema";
import * as settingsGeneral from "~/routes/admin/settings-general";
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
    formRequest("/admin/settings", { intent: "reviews", ...fields }, cookie),
    {},
  );
const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as {
    ok: boolean;
    fieldErrors?: Record<string, string>;
  };
const saved = async () => (await db().select().from(storeSettings))[0]!;

describe("the reviews card (Settings > General)", () => {
  it("shows staff and the owner the settings; only the owner may change them", async () => {
    for (const role of ["staff", "owner"] as const) {
      const page = await routeOutcome(
        settingsGeneral.loader as RouteHandler,
        shopRequest("/admin/settings", { cookie: cookies[role] }),
        {},
      );
      expect(page.returned).toMatchObject({
        canEdit: role === "owner",
        reviews: { inviteDays: "7", fromNonBuyers: false, yearsTrading: "", happyCustomers: "" },
      });
    }
    const fields = { reviewInviteDays: "3", reviewsFromNonBuyers: "on" };
    const signedOut = await save(fields);
    expect((signedOut.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    for (const role of ["customer", "staff"] as const) {
      expect(statusOf((await save(fields, cookies[role])).thrown)).toBe(403);
    }
    expect(await saved()).toMatchObject({ reviewInviteDays: 7, reviewsFromNonBuyers: false });
  });

  it("saves the owner's change, audited from and to", async () => {
    const result = await save(
      {
        reviewInviteDays: "10",
        reviewsFromNonBuyers: "on",
        claimYearsTrading: "15+",
        claimHappyCustomers: "",
      },
      cookies.owner,
    );
    expect(body(result.returned).ok).toBe(true);
    expect(await saved()).toMatchObject({
      reviewInviteDays: 10,
      reviewsFromNonBuyers: true,
      claimYearsTrading: "15+",
      claimHappyCustomers: "",
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "settings_updated"), eq(auditLog.subject, "settings:reviews")),
      );
    expect(audit?.details).toEqual({
      reviewInviteDays: { from: 7, to: 10 },
      reviewsFromNonBuyers: { from: false, to: true },
      claimYearsTrading: { from: "", to: "15+" },
    });
    // Unticked, the switch goes off.
    await save({ reviewInviteDays: "10", claimYearsTrading: "15+" }, cookies.owner);
    expect((await saved()).reviewsFromNonBuyers).toBe(false);
  });

  it.each([
    ["0", "Enter a number of days from 1 to 60."],
    ["61", "Enter a number of days from 1 to 60."],
    ["seven", "Enter a number of days from 1 to 60."],
    ["", "This field is required."],
  ])(
    "refuses %j days with a message by the field, keeping what was saved",
    async (days, message) => {
      const before = await saved();
      const result = await save(
        { reviewInviteDays: days, claimYearsTrading: "20+" },
        cookies.owner,
      );
      expect(statusOf(result.returned)).toBe(400);
      expect(body(result.returned).fieldErrors).toEqual({ reviewInviteDays: message });
      expect((await saved()).claimYearsTrading).toBe(before.claimYearsTrading);
    },
  );

  it("refuses a figure longer than the strip can show", async () => {
    const result = await save(
      { reviewInviteDays: "7", claimHappyCustomers: "x".repeat(21) },
      cookies.owner,
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned).fieldErrors).toHaveProperty("claimHappyCustomers");
  });
});
