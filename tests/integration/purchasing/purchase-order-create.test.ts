import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  auditLog,
  purchaseOrderEvents,
  purchaseOrderLines,
  purchaseOrders,
  suppliers,
} from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { addDays, shopToday } from "~/lib/dates";
import { getPurchaseOrder } from "~/domain/purchasing/purchase-order-get.server";
import {
  createPurchaseOrder,
  updatePurchaseOrderDraft,
} from "~/domain/purchasing/purchase-order-save.server";
import { purchaseOrderFormSchema } from "~/domain/purchasing/purchase-order-schemas";
import { changePurchaseOrderStatus } from "~/domain/purchasing/purchase-order-transition.server";
import { parseForm } from "~/lib/forms";
import { AMOUNT_MESSAGE } from "~/lib/money";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import {
  insertBed,
  lineFields,
  purchaseOrderForm,
  setUpPurchaseOrders,
} from "./purchase-order-setup";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpPurchaseOrders>>;
let actor: { id: string; email: string };
let bed: Awaited<ReturnType<typeof insertBed>>;
let pillow: Awaited<ReturnType<typeof insertBed>>;

beforeAll(async () => {
  shop = await setUpPurchaseOrders();
  bed = await insertBed({ categoryId: shop.categoryId, costCents: 250_000 });
  pillow = await insertBed({ categoryId: shop.categoryId, costCents: null });
  const staff = await signedIn("staff");
  actor = { id: staff.user.id, email: staff.email };
});

const form = (fields: Record<string, string>) =>
  purchaseOrderForm({ supplierId: String(shop.supplier.id), ...fields });

/** The DomainError a promise rejects with. */
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("creating a purchase order", () => {
  it("numbers orders PO-0001, PO-0002 with no gap when a create fails and rolls back", async () => {
    const first = await createPurchaseOrder({
      input: form(lineFields([[bed.sku, 4]])),
      actor,
    });
    expect(first.poNumber).toBe("PO-0001");

    const failed = await refusal(
      createPurchaseOrder({ input: form(lineFields([["NO-SUCH-SKU", 1]])), actor }),
    );
    expect(failed.field).toBe("lines.0.sku");
    expect(failed.message).toBe("No product has the SKU NO-SUCH-SKU.");

    const second = await createPurchaseOrder({
      input: form(lineFields([[bed.sku.toLowerCase(), 2, "2400.50"]])),
      actor,
    });
    expect(second.poNumber).toBe("PO-0002");
    const numbers = await db()
      .select({ number: purchaseOrders.number })
      .from(purchaseOrders)
      .orderBy(asc(purchaseOrders.number));
    expect(numbers.map((n) => n.number)).toEqual([1, 2]);
  });

  it("gives orders created at the same time consecutive numbers, none lost to the ones refused", async () => {
    const before = await db().select({ number: purchaseOrders.number }).from(purchaseOrders);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        createPurchaseOrder({
          input: form(lineFields([[i % 3 === 0 ? "NO-SUCH-SKU" : bed.sku, 1]])),
          actor,
        }),
      ),
    );
    const created = results.filter((r) => r.status === "fulfilled");
    expect(created).toHaveLength(5);
    const numbers = (await db().select({ number: purchaseOrders.number }).from(purchaseOrders))
      .map((r) => r.number)
      .sort((a, b) => a - b);
    const last = Math.max(...before.map((r) => r.number));
    expect(numbers.slice(before.length)).toEqual([1, 2, 3, 4, 5].map((n) => last + n));
  });

  it("saves a draft: today's order date, the expected date from the lead time, the variant's cost when none is typed", async () => {
    const created = await createPurchaseOrder({
      input: form({
        notes: "Deliver to the back door",
        ...lineFields([
          [bed.sku, 3],
          [pillow.sku, 5, "R1 199.5"],
        ]),
      }),
      actor,
    });
    const { order, lines, totals, events } = await getPurchaseOrder({ id: created.id });
    expect(order).toMatchObject({
      status: "draft",
      orderDate: shopToday(),
      expectedDate: addDays(shopToday(), 14),
      notes: "Deliver to the back door",
      createdByName: expect.any(String),
    });
    expect(lines.map((l) => [l.sku, l.ordered, l.received, l.unitCostCents])).toEqual([
      [bed.sku, 3, 0, 250_000],
      [pillow.sku, 5, 0, 119_950],
    ]);
    expect(totals).toEqual({ ordered: 8, received: 0, totalCents: 3 * 250_000 + 5 * 119_950 });
    expect(events.map((e) => e.type)).toEqual(["created"]);
    expect(events[0]!.message).toContain("2 lines, 8 units");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `purchase_order:${created.poNumber}`));
    expect(audit.map((a) => [a.action, a.actorEmail])).toEqual([
      ["purchase_order_created", actor.email],
    ]);
  });

  it("'Create and submit' saves it pending for approval, with both steps on the timeline", async () => {
    const created = await createPurchaseOrder({
      input: form({
        intent: "submit",
        expectedDate: addDays(shopToday(), 3),
        ...lineFields([[bed.sku, 1]]),
      }),
      actor,
    });
    const { order, events } = await getPurchaseOrder({ id: created.id });
    expect(order.status).toBe("pending");
    expect(order.expectedDate).toBe(addDays(shopToday(), 3));
    expect(events.map((e) => e.type)).toEqual(["created", "submitted"]);
  });

  it("refuses a line whose product has no cost unless the cost is typed", async () => {
    const error = await refusal(
      createPurchaseOrder({
        input: form(
          lineFields([
            [bed.sku, 1],
            [pillow.sku, 2],
          ]),
        ),
        actor,
      }),
    );
    expect(error.field).toBe("lines.1.unitCost");
    expect(error.message).toBe(`${pillow.sku} has no cost yet: enter the unit cost.`);
  });

  it("refuses an inactive supplier by its field and writes nothing", async () => {
    const [inactive] = await db()
      .insert(suppliers)
      .values({ name: "Closed Down Beds", active: false })
      .returning();
    const before = await db().select().from(purchaseOrders);
    const error = await refusal(
      createPurchaseOrder({
        input: purchaseOrderForm({
          supplierId: String(inactive!.id),
          ...lineFields([[bed.sku, 1]]),
        }),
        actor,
      }),
    );
    expect(error.field).toBe("supplierId");
    expect(await db().select().from(purchaseOrders)).toHaveLength(before.length);
  });
});

describe("the purchase order form's checks", () => {
  const messages = (fields: Record<string, string>) => {
    const parsed = parseForm(purchaseOrderFormSchema, fields);
    return parsed.ok ? {} : parsed.fieldErrors;
  };

  it("names each bad field at once", () => {
    expect(
      messages({
        supplierId: "",
        expectedDate: "2020-01-01",
        ...lineFields([
          ["BED-Q", 0],
          ["bed-q", 2, "12,50.1.2"],
          ["", 3],
        ]),
      }),
    ).toEqual({
      supplierId: "Choose a supplier.",
      expectedDate: "The expected date cannot be in the past.",
      "lines.0.quantity": "Enter a whole number of 1 or more. (at most 100000)",
      "lines.1.sku": "BED-Q is already on line 1.",
      "lines.1.unitCost": AMOUNT_MESSAGE,
      "lines.2.sku": "Enter the SKU of a product.",
    });
  });

  it("wants at least one line, skips empty rows and takes real dates only", () => {
    expect(messages({ supplierId: "1", ...lineFields([["", 0]]), "lines.0.quantity": "" })).toEqual(
      {
        lines: "Add at least one line: a SKU and a quantity.",
      },
    );
    expect(
      messages({ supplierId: "1", expectedDate: "2030-02-30", ...lineFields([["A", 1]]) }),
    ).toEqual({
      expectedDate: "Enter a date such as 2026-05-01.",
    });
    expect(messages({ supplierId: "1", ...lineFields([["A", 1.5 as unknown as number]]) })).toEqual(
      {
        "lines.0.quantity": "Enter a whole number of 1 or more. (at most 100000)",
      },
    );
    const ok = parseForm(purchaseOrderFormSchema, {
      supplierId: "1",
      expectedDate: shopToday(),
      ...lineFields([["a-1", 2, "99"]]),
      "lines.5.sku": "",
      "lines.5.quantity": "",
    });
    expect(ok).toMatchObject({
      ok: true,
      data: { lines: [{ row: 0, sku: "A-1", quantity: 2, unitCostCents: 9900 }], submit: false },
    });
  });
});

describe("editing a draft", () => {
  it("replaces the lines while it is a draft, and is refused with a conflict after submitting", async () => {
    const created = await createPurchaseOrder({ input: form(lineFields([[bed.sku, 1]])), actor });
    await updatePurchaseOrderDraft({
      id: created.id,
      input: form(
        lineFields([
          [pillow.sku, 6, "300"],
          [bed.sku, 2],
        ]),
      ),
      actor,
    });
    const lines = await db()
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, created.id))
      .orderBy(asc(purchaseOrderLines.id));
    expect(lines.map((l) => [l.variantId, l.quantityOrdered, l.unitCostCents])).toEqual([
      [pillow.id, 6, 30_000],
      [bed.id, 2, 250_000],
    ]);
    await changePurchaseOrderStatus({ id: created.id, action: "submit", actor });
    const error = await refusal(
      updatePurchaseOrderDraft({ id: created.id, input: form(lineFields([[bed.sku, 9]])), actor }),
    );
    expect(error.kind).toBe("conflict");
    expect(error.message).toBe(
      `${created.poNumber} is pending: only a draft's lines can be changed.`,
    );
    const events = await db()
      .select({ type: purchaseOrderEvents.type })
      .from(purchaseOrderEvents)
      .where(eq(purchaseOrderEvents.purchaseOrderId, created.id))
      .orderBy(asc(purchaseOrderEvents.id));
    expect(events.map((e) => e.type)).toEqual(["created", "updated", "submitted"]);
  });
});
