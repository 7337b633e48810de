// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, categories, promotions } from "~/db/schema";
import { GOODS_MESSAGE } from "~/domain/promotions/promotion-schemas";
import { AMOUNT_MESSAGE } from "~/lib/money";
import { DEMO_PROMOTIONS } from "~/db/seed/promotions-data";
import type { FormActionResult } from "~/lib/forms";
import * as promotionsPage from "~/routes/admin/promotions";
import * as promotionsExport from "~/routes/admin/promotions-export";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { insertStoreSettings } from "../../factories";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };

beforeAll(async () => {
  await insertStoreSettings();
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
  await db().insert(promotions).values(DEMO_PROMOTIONS);
});

const FORM = {
  intent: "create",
  code: "lekker20",
  kind: "percentage",
  description: "20% off, lekker",
  value: "20",
  usageLimit: "50",
  startDate: "",
  endDate: "",
  active: "on",
};

/** Posts the promotions page's form as `cookie` and returns the answer's status and body. */
async function post(fields: Record<string, string>, cookie = cookies.staff) {
  const { returned, thrown } = await routeOutcome(
    promotionsPage.action,
    formRequest("/admin/promotions", fields, cookie),
    {},
  );
  const answer = returned ?? thrown;
  const body = ((answer as { data?: unknown }).data ?? answer) as FormActionResult;
  return { status: statusOf(answer), body };
}

const idOf = async (code: string) => {
  const [row] = await db().select().from(promotions).where(eq(promotions.code, code));
  return String(row!.id);
};

describe("the promotions page's action", () => {
  it("creates a promotion for staff: Promotion Created", async () => {
    const { status, body } = await post(FORM);
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      message: { title: "Promotion Created", description: "LEKKER20 can be used at checkout now." },
    });
  });

  const invalid: [string, Record<string, string>, string, string][] = [
    [
      "bad characters in the code",
      { code: "LEKKER-20!" },
      "code",
      "Use letters A to Z and digits only, with no spaces.",
    ],
    ["a percentage of 0", { value: "0" }, "value", "A percentage is a whole number from 1 to 100."],
    [
      "a percentage of 101",
      { value: "101" },
      "value",
      "A percentage is a whole number from 1 to 100.",
    ],
    ["a fixed amount of 0", { kind: "fixed", value: "0" }, "value", "Enter an amount above zero."],
    [
      "an end before the start",
      { startDate: "2026-12-10", endDate: "2026-12-09" },
      "endDate",
      "The end date must be on or after the start date.",
    ],
    [
      "a minimum spend that could mean two amounts",
      { minSpend: "1,150" },
      "minSpend",
      AMOUNT_MESSAGE,
    ],
    ["a negative minimum spend", { minSpend: "-5" }, "minSpend", "An amount cannot be negative."],
    ["a category id that is no id", { categoryIds: "mattresses" }, "categoryIds", GOODS_MESSAGE],
    [
      "a switch value the form never sends",
      { oncePerCustomer: "true" },
      "oncePerCustomer",
      "Switch it on or off.",
    ],
  ];
  for (const [name, fields, field, message] of invalid) {
    it(`answers ${name} with 400 and the message by its field, keeping what was typed`, async () => {
      const { status, body } = await post({ ...FORM, code: "OTHER", ...fields });
      expect(status).toBe(400);
      expect(body).toMatchObject({
        ok: false,
        alert: { title: "Validation Error" },
        fieldErrors: { [field]: message },
        values: { description: "20% off, lekker", ...fields },
      });
    });
  }

  it("answers a code another promotion has, in another case, with 409 by the code", async () => {
    for (const code of ["LEKKER20", "Welcome10"]) {
      const { status, body } = await post({ ...FORM, code }, cookies.owner);
      expect(status).toBe(409);
      expect(body).toMatchObject({
        ok: false,
        alert: { title: "Duplicate Code" },
        fieldErrors: { code: "Another promotion already has this code." },
      });
    }
  });

  it("edits a promotion for the owner: Promotion Updated", async () => {
    const id = await idOf("LEKKER20");
    const { status, body } = await post(
      { ...FORM, intent: "update", id, kind: "fixed", value: "150.50" },
      cookies.owner,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, message: { title: "Promotion Updated" } });
    const [after] = await db()
      .select()
      .from(promotions)
      .where(eq(promotions.id, Number(id)));
    expect(after).toMatchObject({ kind: "fixed", value: 15_050 });
  });

  it("keeps a promotion's rules, refuses goods that do not exist by their field, and audits each change", async () => {
    const [category] = await db()
      .insert(categories)
      .values({ slug: "mattresses", name: "Mattresses" })
      .returning();
    const rules = {
      minSpend: "4 999,50",
      oncePerCustomer: "on",
      categoryIds: String(category!.id),
    };
    const created = await post({ ...FORM, code: "RULES1", ...rules }, cookies.owner);
    expect(created.status).toBe(200);
    const id = await idOf("RULES1");
    const [row] = await db()
      .select()
      .from(promotions)
      .where(eq(promotions.id, Number(id)));
    expect(row).toMatchObject({ minSubtotalCents: 499_950, oncePerCustomer: true });
    // The export says the rules too.
    const exported = await routeOutcome(
      promotionsExport.loader,
      shopRequest("/admin/promotions/export?q=RULES1", { cookie: cookies.staff }),
      {},
    );
    const csv = await (exported.returned as Response).text();
    expect(csv.trim().split(/\r?\n/)[1]).toMatch(/,4999\.50,yes,Mattresses$/);

    for (const [field, value, message] of [
      ["categoryIds", "424242", "One of these categories no longer exists: choose again."],
      ["productIds", "424242", "One of these products no longer exists: choose again."],
    ] as const) {
      const refused = await post({ ...FORM, intent: "update", id, code: "RULES1", [field]: value });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ ok: false, fieldErrors: { [field]: message } });
    }

    await post({ ...FORM, intent: "update", id, code: "RULES1", minSpend: "", categoryIds: "" });
    const [updated] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `promotion:${id}`))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(updated!.details).toMatchObject({
      changes: {
        minSpendCents: { from: 499_950, to: 0 },
        oncePerCustomer: { from: true, to: false },
        categories: { from: "Mattresses", to: "" },
      },
    });

    const page = await routeOutcome(
      promotionsPage.loader,
      shopRequest("/admin/promotions?q=RULES1", { cookie: cookies.staff }),
      {},
    );
    expect(page.returned).toMatchObject({
      rows: [{ code: "RULES1", minSubtotalCents: 0, oncePerCustomer: false, categories: [] }],
    });
    await post({ intent: "delete", id });
  });

  it("deactivates and activates a promotion, each in the audit log", async () => {
    const id = await idOf("LEKKER20");
    const off = await post({ intent: "deactivate", id });
    expect(off.body).toEqual({
      ok: true,
      message: {
        title: "Promotion Deactivated",
        description: "LEKKER20 is switched off: checkout refuses it until it is activated.",
      },
    });
    const on = await post({ intent: "activate", id }, cookies.owner);
    expect(on.body).toMatchObject({ ok: true, message: { title: "Promotion Activated" } });
    const actions = (
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `promotion:${id}`))
    ).map((e) => e.action);
    expect(actions).toEqual([
      "promotion_created",
      "promotion_updated",
      "promotion_deactivated",
      "promotion_activated",
    ]);
  });

  it("deletes an unused promotion and refuses a used one with 409", async () => {
    const id = await idOf("LEKKER20");
    const deleted = await post({ intent: "delete", id });
    expect(deleted).toEqual({
      status: 200,
      body: {
        ok: true,
        message: { title: "Promotion Deleted", description: "LEKKER20 has been deleted." },
      },
    });
    const used = await idOf("FIRSTSLEEP");
    await db()
      .update(promotions)
      .set({ usedCount: 1 })
      .where(eq(promotions.id, Number(used)));
    const refused = await post({ intent: "delete", id: used });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      ok: false,
      alert: {
        title: "Promotion In Use",
        description:
          "FIRSTSLEEP has been used once, so it cannot be deleted: deactivate it instead.",
      },
    });
  });

  it("refuses an unknown intent, a missing id and a promotion that does not exist", async () => {
    expect((await post({ intent: "archive", id: "1" })).status).toBe(400);
    expect((await post({ ...FORM, intent: "update" })).status).toBe(400);
    expect((await post({ intent: "delete", id: "99999999999" })).status).toBe(400);
    expect((await post({ intent: "deactivate", id: "424242" })).status).toBe(404);
    expect((await post({ intent: "delete", id: "424242" })).status).toBe(404);
  });

  it("a customer gets 403 and a visitor is sent to sign in, and nothing is saved", async () => {
    const count = async () => (await db().select().from(promotions)).length;
    const before = await count();
    expect((await post({ ...FORM, code: "SNEAKY" }, cookies.customer)).status).toBe(403);
    const visitor = await routeOutcome(
      promotionsPage.action,
      formRequest("/admin/promotions", { ...FORM, code: "SNEAKY" }),
      {},
    );
    expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    expect(await count()).toBe(before);
  });
});

describe("the promotions page and its export", () => {
  it("lists the promotions for staff and the owner", async () => {
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { returned } = await routeOutcome(
        promotionsPage.loader,
        shopRequest("/admin/promotions?q=winter", { cookie }),
        {},
      );
      const page = returned as Awaited<ReturnType<typeof promotionsPage.loader>>;
      expect(page.rows.map((r) => [r.code, r.active, r.period])).toEqual([
        ["WINTER25", true, "expired"],
      ]);
    }
  });

  it("exports what the list shows as CSV for staff and the owner", async () => {
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { returned } = await routeOutcome(
        promotionsExport.loader,
        shopRequest("/admin/promotions/export?status=expired", { cookie }),
        {},
      );
      const response = returned as Response;
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="promotions-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const text = await response.text();
      expect(text).toContain(
        "Code,Description,Type,Value (% or Rand),Start Date,End Date,Used,Usage Limit,Status,Dates,Minimum Spend (Rand),Once Per Customer,Only For",
      );
      expect(text).toContain(
        "WINTER25,15% off winter bedding (ended),percentage,15,2025-06-01,2025-08-31,0,unlimited,active,expired,,no,",
      );
      expect(text).not.toContain("WELCOME10");
    }
  });

  it("sends a customer away with 403 and a visitor to sign in, from both", async () => {
    for (const [module, path] of [
      [promotionsPage, "/admin/promotions"],
      [promotionsExport, "/admin/promotions/export"],
    ] as const) {
      const customer = await routeOutcome(
        module.loader,
        shopRequest(path, { cookie: cookies.customer }),
        {},
      );
      expect(customer.returned).toBeUndefined();
      expect(statusOf(customer.thrown)).toBe(403);
      const visitor = await routeOutcome(module.loader, shopRequest(path), {});
      expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    }
  });
});
