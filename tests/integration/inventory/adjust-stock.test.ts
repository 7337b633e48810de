import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, stockLevels, stockMovements } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { adjustStock } from "~/domain/inventory/adjust-stock.server";
import { adjustStockSchema, type AdjustStockInput } from "~/domain/inventory/stock-schemas";
import { parseForm } from "~/lib/forms";
import { useTestDatabase } from "../../setup/database";
import {
  addStockedVariant,
  addUser,
  levelOf,
  setUpStockShop,
  type StockShop,
} from "./stock-fixtures";

useTestDatabase();

let shop: StockShop;
beforeAll(async () => {
  shop = await setUpStockShop();
});

function input(overrides: Partial<AdjustStockInput> & { sku: string }): AdjustStockInput {
  return {
    warehouseId: shop.showroom,
    kind: "adjustment",
    quantity: 1,
    reason: "Counted",
    toWarehouseId: null,
    ...overrides,
  };
}

/** What adjustStock refused with: its kind, field and message. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const e = error as DomainError;
  return { kind: e.kind, field: e.field, message: e.message };
}

async function movementsOf(variantId: number) {
  return db()
    .select()
    .from(stockMovements)
    .where(eq(stockMovements.variantId, variantId))
    .orderBy(stockMovements.id);
}

describe("adjustStock", () => {
  it("adds and removes with a signed adjustment, with the reason and who did it in the ledger and the audit log", async () => {
    const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 5 } });
    await adjustStock({
      input: input({ sku: bed.sku, quantity: 3, reason: "Found in the back" }),
      actor: shop.staff,
    });
    await adjustStock({
      input: input({ sku: bed.sku, quantity: -2, reason: "Damaged" }),
      actor: shop.owner,
    });
    expect(await levelOf(bed.variantId, shop.showroom)).toEqual({
      onHand: 6,
      reserved: 0,
      ledger: 6,
    });
    const moves = await movementsOf(bed.variantId);
    expect(moves.slice(1).map((m) => [m.kind, m.quantity, m.reason, m.actor])).toEqual([
      ["adjustment", 3, "Found in the back", shop.staff.email],
      ["adjustment", -2, "Damaged", shop.owner.email],
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `variant:${bed.sku}`))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.actorEmail, a.details])).toEqual([
      [
        "stock_adjusted",
        shop.staff.email,
        expect.objectContaining({
          quantity: 3,
          before: 5,
          after: 8,
          warehouse: "Showroom",
          kind: "adjustment",
        }),
      ],
      [
        "stock_adjusted",
        shop.owner.email,
        expect.objectContaining({ quantity: -2, before: 8, after: 6, reason: "Damaged" }),
      ],
    ]);
  });

  it("finds the variant by its SKU in any case", async () => {
    const bed = await addStockedVariant(shop, { sku: "CASE-Q", stock: { [shop.showroom]: 1 } });
    await adjustStock({ input: input({ sku: " case-q ", quantity: 4 }), actor: shop.staff });
    expect((await levelOf(bed.variantId, shop.showroom)).onHand).toBe(5);
  });

  it("adds a purchase receipt and takes a sale off, each as its own kind", async () => {
    const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 2 } });
    await adjustStock({
      input: input({ sku: bed.sku, kind: "purchase_receipt", quantity: 6, reason: "" }),
      actor: shop.staff,
    });
    await adjustStock({
      input: input({ sku: bed.sku, kind: "sale", quantity: 3, reason: "" }),
      actor: shop.staff,
    });
    expect(await levelOf(bed.variantId, shop.showroom)).toEqual({
      onHand: 5,
      reserved: 0,
      ledger: 5,
    });
    const moves = await movementsOf(bed.variantId);
    expect(moves.slice(1).map((m) => [m.kind, m.quantity])).toEqual([
      ["purchase_receipt", 6],
      ["sale", -3],
    ]);
  });

  it("moves a transfer as two movements with one transfer id, and creates the level it goes to", async () => {
    const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 7 } });
    await adjustStock({
      input: input({
        sku: bed.sku,
        kind: "transfer",
        quantity: 4,
        reason: "",
        toWarehouseId: shop.storeRoom,
      }),
      actor: shop.staff,
    });
    expect(await levelOf(bed.variantId, shop.showroom)).toEqual({
      onHand: 3,
      reserved: 0,
      ledger: 3,
    });
    expect(await levelOf(bed.variantId, shop.storeRoom)).toEqual({
      onHand: 4,
      reserved: 0,
      ledger: 4,
    });
    const [, out, into] = await movementsOf(bed.variantId);
    expect([out!.kind, out!.quantity, out!.warehouseId, out!.reference]).toEqual([
      "transfer",
      -4,
      shop.showroom,
      "Transfer to Store room",
    ]);
    expect([into!.kind, into!.quantity, into!.warehouseId, into!.reference]).toEqual([
      "transfer",
      4,
      shop.storeRoom,
      "Transfer from Showroom",
    ]);
    expect(out!.transferId).toMatch(/^[0-9a-f-]{36}$/);
    expect(into!.transferId).toBe(out!.transferId);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "stock_transferred"), eq(auditLog.subject, `variant:${bed.sku}`)),
      );
    expect(audit!.details).toMatchObject({
      quantity: 4,
      from: "Showroom",
      to: "Store room",
      before: { from: 7, to: 0 },
      after: { from: 3, to: 4 },
    });
  });

  describe("refuses, says why by the field and changes nothing", () => {
    async function expectUnchanged(
      variantId: number,
      before: Awaited<ReturnType<typeof levelOf>>,
      moveCount: number,
    ) {
      expect(await levelOf(variantId, shop.showroom)).toEqual(before);
      expect(await movementsOf(variantId)).toHaveLength(moveCount);
    }

    it("below zero", async () => {
      const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 3 } });
      const before = await levelOf(bed.variantId, shop.showroom);
      expect(
        await refusal(
          adjustStock({
            input: input({ sku: bed.sku, quantity: -4, reason: "Lost" }),
            actor: shop.staff,
          }),
        ),
      ).toEqual({
        kind: "conflict",
        field: "quantity",
        message: "Showroom has only 3 on hand: removing 4 would take it below zero.",
      });
      expect(
        await refusal(
          adjustStock({
            input: input({ sku: bed.sku, kind: "sale", quantity: 9, reason: "" }),
            actor: shop.staff,
          }),
        ),
      ).toMatchObject({
        kind: "conflict",
        field: "quantity",
      });
      await expectUnchanged(bed.variantId, before, 1);
    });

    it("below what orders hold", async () => {
      const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 5 } });
      await db()
        .update(stockLevels)
        .set({ reserved: 2 })
        .where(
          and(eq(stockLevels.variantId, bed.variantId), eq(stockLevels.warehouseId, shop.showroom)),
        );
      const before = await levelOf(bed.variantId, shop.showroom);
      expect(
        await refusal(
          adjustStock({
            input: input({ sku: bed.sku, quantity: -4, reason: "Damaged" }),
            actor: shop.staff,
          }),
        ),
      ).toEqual({
        kind: "conflict",
        field: "quantity",
        message: "2 of 5 on hand in Showroom are reserved for orders: at most 3 can be removed.",
      });
      expect(
        await refusal(
          adjustStock({
            input: input({
              sku: bed.sku,
              kind: "transfer",
              quantity: 4,
              reason: "",
              toWarehouseId: shop.storeRoom,
            }),
            actor: shop.staff,
          }),
        ),
      ).toEqual({
        kind: "conflict",
        field: "quantity",
        message: "Only 3 can leave Showroom (5 on hand, 2 reserved for orders).",
      });
      await expectUnchanged(bed.variantId, before, 1);
      expect(await levelOf(bed.variantId, shop.storeRoom)).toEqual({
        onHand: 0,
        reserved: 0,
        ledger: 0,
      });
      // Taking exactly what is free is allowed.
      await adjustStock({
        input: input({ sku: bed.sku, quantity: -3, reason: "Damaged" }),
        actor: shop.staff,
      });
      expect(await levelOf(bed.variantId, shop.showroom)).toEqual({
        onHand: 2,
        reserved: 2,
        ledger: 2,
      });
    });

    it("an inactive warehouse, on either side of a transfer", async () => {
      const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 5 } });
      const before = await levelOf(bed.variantId, shop.showroom);
      expect(
        await refusal(
          adjustStock({
            input: input({ sku: bed.sku, warehouseId: shop.oldShed, quantity: 1 }),
            actor: shop.staff,
          }),
        ),
      ).toEqual({
        kind: "invalid",
        field: "warehouseId",
        message: "Old shed is inactive: it takes no stock movements.",
      });
      expect(
        await refusal(
          adjustStock({
            input: input({
              sku: bed.sku,
              kind: "transfer",
              quantity: 1,
              reason: "",
              toWarehouseId: shop.oldShed,
            }),
            actor: shop.staff,
          }),
        ),
      ).toMatchObject({ kind: "invalid", field: "toWarehouseId" });
      expect(
        await refusal(
          adjustStock({ input: input({ sku: bed.sku, warehouseId: 999_999 }), actor: shop.staff }),
        ),
      ).toMatchObject({
        kind: "invalid",
        field: "warehouseId",
        message: "Choose a warehouse.",
      });
      await expectUnchanged(bed.variantId, before, 1);
    });

    it("a transfer to the warehouse it leaves, or to none", async () => {
      const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 5 } });
      expect(
        await refusal(
          adjustStock({
            input: input({
              sku: bed.sku,
              kind: "transfer",
              quantity: 1,
              toWarehouseId: shop.showroom,
            }),
            actor: shop.staff,
          }),
        ),
      ).toEqual({
        kind: "invalid",
        field: "toWarehouseId",
        message: "Choose another warehouse than the one the stock leaves.",
      });
      expect(
        await refusal(
          adjustStock({
            input: input({ sku: bed.sku, kind: "transfer", quantity: 1 }),
            actor: shop.staff,
          }),
        ),
      ).toMatchObject({
        field: "toWarehouseId",
        message: "Choose the warehouse the stock goes to.",
      });
      await expectUnchanged(bed.variantId, await levelOf(bed.variantId, shop.showroom), 1);
    });

    it("zero, a negative count for a receipt, an adjustment without a reason, an unknown SKU", async () => {
      const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 5 } });
      const before = await levelOf(bed.variantId, shop.showroom);
      expect(
        await refusal(
          adjustStock({ input: input({ sku: bed.sku, quantity: 0 }), actor: shop.staff }),
        ),
      ).toMatchObject({
        kind: "invalid",
        field: "quantity",
      });
      expect(
        await refusal(
          adjustStock({
            input: input({ sku: bed.sku, kind: "purchase_receipt", quantity: -2 }),
            actor: shop.staff,
          }),
        ),
      ).toMatchObject({ field: "quantity", message: "Enter how many units: 1 or more." });
      expect(
        await refusal(
          adjustStock({
            input: input({ sku: bed.sku, quantity: 2, reason: "  " }),
            actor: shop.staff,
          }),
        ),
      ).toMatchObject({
        kind: "invalid",
        field: "reason",
        message: "Say why the stock is adjusted (for example: counted, damaged, found).",
      });
      expect(
        await refusal(adjustStock({ input: input({ sku: "NO-SUCH-SKU" }), actor: shop.staff })),
      ).toMatchObject({
        kind: "invalid",
        field: "sku",
      });
      await expectUnchanged(bed.variantId, before, 1);
    });

    it("a customer", async () => {
      const bed = await addStockedVariant(shop, { stock: { [shop.showroom]: 5 } });
      const customer = await addUser("customer");
      expect(
        await refusal(
          adjustStock({ input: input({ sku: bed.sku, quantity: 5 }), actor: customer }),
        ),
      ).toMatchObject({
        kind: "forbidden",
      });
      await expectUnchanged(bed.variantId, await levelOf(bed.variantId, shop.showroom), 1);
    });
  });

  it("the form's schema says the same before anything is sent", () => {
    const form = (fields: Record<string, string>) =>
      parseForm(adjustStockSchema, {
        sku: "SB-1-Q",
        warehouseId: "1",
        kind: "adjustment",
        quantity: "2",
        reason: "Counted",
        ...fields,
      });
    expect(form({})).toMatchObject({ ok: true, data: { quantity: 2, toWarehouseId: null } });
    expect(form({ quantity: "-3" })).toMatchObject({ ok: true, data: { quantity: -3 } });
    const bad = (fields: Record<string, string>) => {
      const parsed = form(fields);
      return parsed.ok ? {} : parsed.fieldErrors;
    };
    expect(bad({ quantity: "0" }).quantity).toMatch(/other than zero/);
    expect(bad({ quantity: "1.5" }).quantity).toBe("Enter a whole number of units.");
    expect(bad({ quantity: "" }).quantity).toBe("Enter a whole number of units.");
    expect(bad({ quantity: "100001" }).quantity).toBe("Enter 100,000 units or fewer.");
    expect(bad({ reason: "" }).reason).toMatch(/Say why/);
    expect(bad({ kind: "sale", reason: "" })).toEqual({});
    expect(bad({ kind: "return" }).kind).toBe("Choose a movement type.");
    expect(bad({ sku: " " }).sku).toMatch(/Choose a product/);
    expect(bad({ warehouseId: "x" }).warehouseId).toBe("Choose a warehouse.");
    expect(bad({ kind: "transfer", toWarehouseId: "1" }).toWarehouseId).toMatch(
      /another warehouse/,
    );
    expect(bad({ kind: "transfer", toWarehouseId: "2" })).toEqual({});
  });
});
