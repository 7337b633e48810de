import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, promotions } from "~/db/schema";
import { DEMO_PROMOTIONS } from "~/db/seed/promotions-data";
import { DomainError } from "~/domain/errors";
import { PROMOTION_LIST } from "~/domain/promotions/promotion-list";
import { promotionSchema } from "~/domain/promotions/promotion-schemas";
import { exportPromotions, listPromotions } from "~/domain/promotions/promotions-list.server";
import {
  createPromotion,
  deletePromotion,
  setPromotionActive,
  updatePromotion,
} from "~/domain/promotions/promotions.server";
import { parseForm } from "~/lib/forms";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { placeOrder } from "~/domain/orders/place-order.server";
import { cancelOrder } from "~/domain/orders/cancel-order.server";

useTestDatabase();

let actor: { id: string; email: string };
let shop: Awaited<ReturnType<typeof setUpShop>>;
beforeAll(async () => {
  shop = await setUpShop();
  const { user } = await signedIn("staff");
  actor = { id: user.id, email: user.email };
});

const FORM = {
  code: "Sleep15",
  kind: "percentage",
  description: "15% off a good night's sleep",
  value: "15",
  usageLimit: "",
  startDate: "",
  endDate: "",
  active: "on",
};

const input = (fields: Partial<typeof FORM> = {}) => {
  const parsed = parseForm(promotionSchema, { ...FORM, ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
};

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const auditOf = (id: number) =>
  db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, `promotion:${id}`))
    .orderBy(desc(auditLog.id));

const list = (query = "", now?: Date) =>
  listPromotions({ params: readListParams(PROMOTION_LIST, new URLSearchParams(query)), now });

describe("creating promotions", () => {
  it("keeps the code in upper case and writes the audit log", async () => {
    const created = await createPromotion({ input: input(), actor });
    expect(created).toMatchObject({
      code: "SLEEP15",
      kind: "percentage",
      value: 15,
      usageLimit: null,
      usedCount: 0,
      startsAt: null,
      endsAt: null,
      active: true,
    });
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      action: "promotion_created",
      actorId: actor.id,
      actorEmail: actor.email,
      details: expect.objectContaining({ code: "SLEEP15", value: 15, active: true }),
    });
  });

  it("refuses a code another promotion has, in another case, by the code field", async () => {
    const error = await refusal(createPromotion({ input: input({ code: "sLeEp15" }), actor }));
    expect(error.kind).toBe("conflict");
    expect(error.field).toBe("code");
    expect(error.fieldMessage).toBe("Another promotion already has this code.");
    expect(error.title).toBe("Duplicate Code");
    const rows = await db().select().from(promotions).where(eq(promotions.code, "SLEEP15"));
    expect(rows).toHaveLength(1);
  });

  it("keeps a fixed amount in cents and the dates as the shop's days, both included", async () => {
    const created = await createPromotion({
      input: input({
        code: "R250OFF",
        kind: "fixed",
        value: "249.50",
        usageLimit: "3",
        startDate: "2026-12-01",
        endDate: "2026-12-31",
      }),
      actor,
    });
    expect(created.value).toBe(24_950);
    expect(created.usageLimit).toBe(3);
    expect(created.startsAt!.toISOString()).toBe("2026-11-30T22:00:00.000Z");
    expect(created.endsAt!.toISOString()).toBe("2026-12-31T22:00:00.000Z");
  });
});

describe("editing promotions", () => {
  it("saves the fields and writes each change, before and after, to the audit log", async () => {
    const [row] = await db().select().from(promotions).where(eq(promotions.code, "SLEEP15"));
    const { promotion, changed } = await updatePromotion({
      id: row!.id,
      input: input({ value: "20", usageLimit: "100", endDate: "2027-01-31" }),
      actor,
    });
    expect(changed).toBe(true);
    expect(promotion).toMatchObject({ value: 20, usageLimit: 100 });
    const [entry] = await auditOf(row!.id);
    expect(entry).toMatchObject({
      action: "promotion_updated",
      details: {
        code: "SLEEP15",
        changes: {
          value: { from: 15, to: 20 },
          usageLimit: { from: null, to: 100 },
          endDate: { from: null, to: "2027-01-31" },
        },
      },
    });
  });

  it("saves nothing and writes no audit line when nothing changed", async () => {
    const [row] = await db().select().from(promotions).where(eq(promotions.code, "SLEEP15"));
    const before = await auditOf(row!.id);
    const { changed } = await updatePromotion({
      id: row!.id,
      input: input({ value: "20", usageLimit: "100", endDate: "2027-01-31" }),
      actor,
    });
    expect(changed).toBe(false);
    expect(await auditOf(row!.id)).toHaveLength(before.length);
  });

  it("keeps an end at 23:59:59 when its day is left as it was", async () => {
    const [demo] = await db()
      .insert(promotions)
      .values({ ...DEMO_PROMOTIONS.find((p) => p.code === "WINTER25")!, code: "WINTEREDIT" })
      .returning();
    const { promotion, changed } = await updatePromotion({
      id: demo!.id,
      input: input({
        code: "WINTEREDIT",
        description: "15% off winter bedding (ended in August)",
        startDate: "2025-06-01",
        endDate: "2025-08-31",
      }),
      actor,
    });
    expect(changed).toBe(true);
    expect(promotion.endsAt!.toISOString()).toBe(demo!.endsAt!.toISOString());
    expect(promotion.startsAt!.toISOString()).toBe(demo!.startsAt!.toISOString());
  });

  it("refuses a usage limit below the uses already counted, by its field", async () => {
    const [used] = await db()
      .insert(promotions)
      .values({ code: "USEDFIVE", kind: "percentage", value: 5, usedCount: 5 })
      .returning();
    const error = await refusal(
      updatePromotion({
        id: used!.id,
        input: input({ code: "USEDFIVE", value: "5", usageLimit: "4" }),
        actor,
      }),
    );
    expect(error).toMatchObject({ kind: "invalid", field: "usageLimit" });
    expect(error.fieldMessage).toBe("It has been used 5 times already: enter 5 or more.");
    const ok = await updatePromotion({
      id: used!.id,
      input: input({ code: "USEDFIVE", value: "5", usageLimit: "5" }),
      actor,
    });
    expect(ok.promotion.usageLimit).toBe(5);
  });

  it("refuses taking another promotion's code, and a promotion that does not exist", async () => {
    const [row] = await db().select().from(promotions).where(eq(promotions.code, "R250OFF"));
    const clash = await refusal(
      updatePromotion({ id: row!.id, input: input({ code: "sleep15" }), actor }),
    );
    expect(clash).toMatchObject({ kind: "conflict", field: "code" });
    const missing = await refusal(updatePromotion({ id: 424_242, input: input(), actor }));
    expect(missing.kind).toBe("not_found");
  });
});

describe("switching promotions off and on", () => {
  it("deactivates and activates, each in the audit log, and changes nothing when already so", async () => {
    const [row] = await db().select().from(promotions).where(eq(promotions.code, "SLEEP15"));
    const off = await setPromotionActive({ id: row!.id, active: false, actor });
    expect(off).toMatchObject({ changed: true, promotion: { active: false } });
    const again = await setPromotionActive({ id: row!.id, active: false, actor });
    expect(again.changed).toBe(false);
    const on = await setPromotionActive({ id: row!.id, active: true, actor });
    expect(on).toMatchObject({ changed: true, promotion: { active: true } });
    const actions = (await auditOf(row!.id)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(["promotion_activated", "promotion_deactivated"]);
    expect(actions.filter((a) => a === "promotion_deactivated")).toHaveLength(1);
  });
});

describe("deleting promotions", () => {
  it("deletes an unused promotion, writing what it was to the audit log", async () => {
    const created = await createPromotion({ input: input({ code: "NEVERUSED" }), actor });
    const deleted = await deletePromotion({ id: created.id, actor });
    expect(deleted.code).toBe("NEVERUSED");
    expect(await db().select().from(promotions).where(eq(promotions.id, created.id))).toEqual([]);
    const [entry] = await auditOf(created.id);
    expect(entry).toMatchObject({
      action: "promotion_deleted",
      details: expect.objectContaining({ code: "NEVERUSED" }),
    });
  });

  it("refuses to delete a used promotion: it can only be deactivated", async () => {
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 5 });
    const created = await createPromotion({ input: input({ code: "USEDONCE" }), actor });
    await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], { promoCode: "USEDONCE" }),
    );
    const error = await refusal(deletePromotion({ id: created.id, actor }));
    expect(error).toMatchObject({ kind: "conflict", title: "Promotion In Use" });
    expect(error.message).toBe(
      "USEDONCE has been used once, so it cannot be deleted: deactivate it instead.",
    );
    expect(await db().select().from(promotions).where(eq(promotions.id, created.id))).toHaveLength(
      1,
    );
    const deleted = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject, `promotion:${created.id}`),
          eq(auditLog.action, "promotion_deleted"),
        ),
      );
    expect(deleted).toEqual([]);
  });

  it("refuses when an order names it, even after its use was given back", async () => {
    const bed = await addVariant(shop, { priceCents: 300_000, stock: 5 });
    const created = await createPromotion({ input: input({ code: "GIVENBACK" }), actor });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], { promoCode: "GIVENBACK" }),
    );
    await cancelOrder({ orderId: order.id, actor });
    const [after] = await db().select().from(promotions).where(eq(promotions.id, created.id));
    expect(after!.usedCount).toBe(0);
    const error = await refusal(deletePromotion({ id: created.id, actor }));
    expect(error.title).toBe("Promotion In Use");
  });

  it("answers a promotion that does not exist as not found", async () => {
    expect((await refusal(deletePromotion({ id: 424_242, actor }))).kind).toBe("not_found");
  });
});

describe("the promotions list", () => {
  const NOW = new Date("2026-06-15T10:00:00Z");

  beforeAll(async () => {
    await db().insert(promotions).values(DEMO_PROMOTIONS);
    await db()
      .insert(promotions)
      .values([
        {
          code: "SPRINGLATER",
          description: "Scheduled",
          kind: "fixed",
          value: 10_000,
          startsAt: new Date("2026-09-01T00:00:00+02:00"),
        },
        { code: "SWITCHEDOFF", description: "Off", kind: "percentage", value: 50, active: false },
      ]);
  });

  it("shows the demo's promotions with their value, period, uses and state", async () => {
    const page = await list("q=e", NOW);
    const byCode = new Map(page.rows.map((r) => [r.code, r]));
    expect(byCode.get("WELCOME10")).toMatchObject({
      kind: "percentage",
      value: 10,
      usageLimit: null,
      active: true,
      period: "running",
    });
    expect(byCode.get("SAVE500")).toMatchObject({
      kind: "fixed",
      value: 50_000,
      minSubtotalCents: 500_000,
    });
    expect(byCode.get("FIRSTSLEEP")).toMatchObject({ usageLimit: 1, usedCount: 0 });
    expect(byCode.get("WINTER25")).toMatchObject({
      startDay: "2025-06-01",
      endDay: "2025-08-31",
      active: true,
      period: "expired",
    });
  });

  it("searches code and description, whatever the case", async () => {
    expect((await list("q=welcome", NOW)).rows.map((r) => r.code)).toEqual(["WELCOME10"]);
    expect((await list("q=BEDDING (ENDED)", NOW)).rows.map((r) => r.code)).toEqual(["WINTER25"]);
  });

  it("filters by the badge each row shows: active, inactive, scheduled, expired", async () => {
    const codes = async (status: string) =>
      (await list(`status=${status}`, NOW)).rows.map((r) => r.code);
    expect(await codes("inactive")).toEqual(["SWITCHEDOFF"]);
    expect(await codes("scheduled")).toEqual(["R250OFF", "SPRINGLATER"]);
    expect(await codes("expired")).toEqual(["WINTER25", "WINTEREDIT"]);
    const active = await codes("active");
    expect(active).toContain("WELCOME10");
    expect(active).toContain("WINTER25");
    expect(active).not.toContain("SWITCHEDOFF");
    const all = await list("", NOW);
    expect(all.total).toBe(active.length + 1);
  });

  it("sorts by value within each type, by uses and by status", async () => {
    const valueDesc = (await list("sort=value&dir=desc&q=0", NOW)).rows.map((r) => r.code);
    expect(valueDesc.indexOf("SAVE500")).toBeLessThan(valueDesc.indexOf("WELCOME10"));
    const byStatus = (await list("sort=status&dir=asc", NOW)).rows.map((r) => [r.code, r.period]);
    expect(byStatus.at(-1)).toEqual(["SWITCHEDOFF", "running"]);
    const firstExpired = byStatus.findIndex(([, p]) => p === "expired");
    const firstScheduled = byStatus.findIndex(([, p]) => p === "scheduled");
    expect(firstScheduled).toBeLessThan(firstExpired);
  });

  it("exports what the filter shows, in its order, as CSV cells", async () => {
    const rows = [];
    const params = readListParams(PROMOTION_LIST, new URLSearchParams("status=expired"));
    for await (const row of exportPromotions({ params, now: NOW })) rows.push(row);
    expect(rows).toEqual([
      [
        "WINTER25",
        "15% off winter bedding (ended)",
        "percentage",
        "15",
        "2025-06-01",
        "2025-08-31",
        0,
        "unlimited",
        "active",
        "expired",
        "",
        "no",
        "",
      ],
      [
        "WINTEREDIT",
        "15% off winter bedding (ended in August)",
        "percentage",
        "15",
        "2025-06-01",
        "2025-08-31",
        0,
        "unlimited",
        "active",
        "expired",
        "",
        "no",
        "",
      ],
    ]);
  });
});
