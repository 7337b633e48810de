// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, deliveryZones } from "~/db/schema";
import type { FormActionResult } from "~/lib/forms";
import * as zonesPage from "~/routes/admin/delivery-zones";
import * as zonesExport from "~/routes/admin/delivery-zones-export";
import { useTestDatabase } from "../../setup/database";
import { insertStoreSettings } from "../../factories";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };

beforeAll(async () => {
  await insertStoreSettings();
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
});

const FORM = {
  intent: "create",
  name: "Lichtenburg and area",
  postalCodes: "2740, 2741, 2700-2799",
  towns: "Lichtenburg, Blydeville",
  standardFee: "299",
  freeFrom: "2 000",
  expressFee: "299,00",
  leadDays: "2",
  dropsPerDay: "8",
  sortOrder: "10",
  dayMon: "on",
  dayWed: "on",
  daySat: "on",
};

/** Posts the zones page's form as `cookie`; the answer's status and body. */
async function post(fields: Record<string, string>, cookie = cookies.owner) {
  const { returned, thrown } = await routeOutcome(
    zonesPage.action,
    formRequest("/admin/delivery-zones", fields, cookie),
    {},
  );
  const answer = returned ?? thrown;
  const body = ((answer as { data?: unknown }).data ?? answer) as FormActionResult;
  return { status: statusOf(answer), body, thrown };
}

const zoneNamed = async (name: string) =>
  (await db().select().from(deliveryZones).where(eq(deliveryZones.name, name)))[0];

describe("the delivery zones page's action", () => {
  it("adds a zone for the owner, in cents and entries, audited", async () => {
    const { status, body } = await post(FORM);
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      message: {
        title: "Zone Added",
        description: "Checkout now prices delivery to Lichtenburg and area.",
      },
    });
    expect(await zoneNamed("Lichtenburg and area")).toMatchObject({
      postalCodes: ["2740", "2741", "2700-2799"],
      towns: ["Lichtenburg", "Blydeville"],
      provinces: [],
      standardFeeCents: 29_900,
      freeFromCents: 200_000,
      expressFeeCents: 29_900,
      weekdays: [1, 3, 6],
      active: true,
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "delivery_zone_created"));
    expect(audit).toHaveLength(1);
  });

  it("adds a province zone with no free threshold and no express", async () => {
    const { status } = await post({
      ...FORM,
      name: "Rest of North West",
      postalCodes: "",
      towns: "",
      "province-north-west": "on",
      standardFee: "450",
      freeFrom: "",
      expressFee: "",
    });
    expect(status).toBe(200);
    expect(await zoneNamed("Rest of North West")).toMatchObject({
      provinces: ["North West"],
      freeFromCents: null,
      expressFeeCents: null,
    });
  });

  it.each([
    ["a range that runs backwards", { postalCodes: "2800-2700" }, "postalCodes", "runs backwards"],
    ["a three-digit postal code", { postalCodes: "274" }, "postalCodes", "four digits"],
    ["a negative fee", { standardFee: "-5" }, "standardFee", "An amount cannot be negative."],
    [
      "a zone that covers nothing",
      { postalCodes: "", towns: "" },
      "postalCodes",
      "Give the postal codes",
    ],
    [
      "no day for the truck",
      { dayMon: "", dayWed: "", daySat: "" },
      "weekdays",
      "Choose at least one day",
    ],
  ])(
    "answers %s with 400 and the message by its field, keeping what was typed",
    async (_, change, field, words) => {
      const { status, body } = await post({ ...FORM, name: "Bad zone", ...change });
      expect(status).toBe(400);
      expect(body.ok).toBe(false);
      if (body.ok) return;
      expect(body.fieldErrors[field]).toContain(words);
      expect(body.values.name).toBe("Bad zone");
      expect(await zoneNamed("Bad zone")).toBeUndefined();
    },
  );

  it("answers a duplicate name with 409 at the name, not a 500", async () => {
    const { status, body } = await post({ ...FORM, name: "lichtenburg AND area" });
    expect(status).toBe(409);
    expect(body).toMatchObject({
      ok: false,
      fieldErrors: { name: "Another zone already has this name." },
    });
  });

  it("edits and deactivates a zone for the owner", async () => {
    const zone = await zoneNamed("Lichtenburg and area");
    const edited = await post({
      ...FORM,
      intent: "update",
      id: String(zone!.id),
      standardFee: "350",
    });
    expect(edited.body).toMatchObject({ ok: true, message: { title: "Zone Updated" } });
    expect((await zoneNamed("Lichtenburg and area"))!.standardFeeCents).toBe(35_000);
    const off = await post({ intent: "deactivate", id: String(zone!.id) });
    expect(off.body).toMatchObject({ ok: true, message: { title: "Zone Deactivated" } });
    expect((await zoneNamed("Lichtenburg and area"))!.active).toBe(false);
    await post({ intent: "reactivate", id: String(zone!.id) });
    expect((await zoneNamed("Lichtenburg and area"))!.active).toBe(true);
  });

  it("refuses staff with 403: only the owner changes zones", async () => {
    const zone = await zoneNamed("Lichtenburg and area");
    expect((await post({ ...FORM, name: "Staff zone" }, cookies.staff)).status).toBe(403);
    expect((await post({ intent: "deactivate", id: String(zone!.id) }, cookies.staff)).status).toBe(
      403,
    );
    expect(await zoneNamed("Staff zone")).toBeUndefined();
    expect((await zoneNamed("Lichtenburg and area"))!.active).toBe(true);
  });

  it("refuses a customer with 403 and sends a visitor to sign in", async () => {
    expect((await post(FORM, cookies.customer)).status).toBe(403);
    const visitor = await post(FORM, "");
    expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
  });

  it("refuses an unknown intent, a missing id and a zone that does not exist", async () => {
    expect((await post({ intent: "delete", id: "1" })).status).toBe(400);
    expect((await post({ ...FORM, intent: "update" })).status).toBe(400);
    expect((await post({ intent: "deactivate", id: "424242" })).status).toBe(404);
  });
});

describe("the delivery zones page and its export", () => {
  it("lists the zones for staff (without edit buttons) and the owner (with them)", async () => {
    for (const [cookie, canManage] of [
      [cookies.staff, false],
      [cookies.owner, true],
    ] as const) {
      const { returned } = await routeOutcome(
        zonesPage.loader,
        shopRequest("/admin/delivery-zones?q=2740", { cookie }),
        {},
      );
      const page = returned as Awaited<ReturnType<typeof zonesPage.loader>>;
      expect(page.rows.map((r) => r.name)).toEqual(["Lichtenburg and area"]);
      expect(page.canManage).toBe(canManage);
      expect(page.summary).toMatchObject({ total: 2, active: 2, express: 1 });
    }
  });

  it("keeps a customer out with 403 and a visitor with a sign-in redirect", async () => {
    const customer = await routeOutcome(
      zonesPage.loader,
      shopRequest("/admin/delivery-zones", { cookie: cookies.customer }),
      {},
    );
    expect(statusOf(customer.thrown)).toBe(403);
    const visitor = await routeOutcome(zonesPage.loader, shopRequest("/admin/delivery-zones"), {});
    expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
  });

  it("exports what the list shows as CSV", async () => {
    const { returned } = await routeOutcome(
      zonesExport.loader,
      shopRequest("/admin/delivery-zones/export?q=north", { cookie: cookies.staff }),
      {},
    );
    const text = await (returned as Response).text();
    expect(text).toContain("Name,Postal Codes,Towns,Provinces,Standard Fee,Free From,Express Fee");
    expect(text).toContain("Rest of North West,,,North West,450.00,,,2,Mon Wed Sat,8,10,active");
    expect(text).not.toContain("Lichtenburg");
  });
});
