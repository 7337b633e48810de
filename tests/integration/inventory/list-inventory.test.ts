import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, setDatabase } from "~/db/client.server";
import { catalogVersion, stockLevels, stockVersion } from "~/db/schema";
import { INVENTORY_LIST } from "~/domain/inventory/inventory-list";
import { exportInventory, listInventory } from "~/domain/inventory/list-inventory.server";
import { stockStatus } from "~/domain/inventory/stock-status";
import { readListParams } from "~/lib/list-params";
import { createTestDatabase, useTestDatabase } from "../../setup/database";
import { addStockedVariant, setUpStockShop, type StockShop } from "./stock-fixtures";

const database = useTestDatabase();

let shop: StockShop;
const list = (query = "") =>
  listInventory({ params: readListParams(INVENTORY_LIST, new URLSearchParams(query)) });
const skusOf = (page: { rows: { sku: string; warehouse: string }[] }) =>
  page.rows.map((r) => `${r.sku}@${r.warehouse}`);

async function reserve(variantId: number, warehouseId: number, reserved: number) {
  await db()
    .update(stockLevels)
    .set({ reserved })
    .where(and(eq(stockLevels.variantId, variantId), eq(stockLevels.warehouseId, warehouseId)));
}

beforeAll(async () => {
  shop = await setUpStockShop();
  const { showroom, storeRoom, oldShed } = shop;
  // In stock in the showroom (10 > 2), low in the store room (2 <= 2).
  await addStockedVariant(shop, {
    title: "Alpha Foam Bed",
    sku: "ALP-Q",
    costCents: 100_000,
    stock: { [showroom]: 10, [storeRoom]: 2 },
  });
  // Out: nothing on hand; and an inactive warehouse's empty level, which the list leaves out.
  await addStockedVariant(shop, {
    title: "Bravo Spring Bed",
    sku: "BRV-K",
    size: "king",
    costCents: 200_000,
    stock: { [showroom]: 0, [oldShed]: 0 },
  });
  // Out although on hand: all of it is reserved for orders.
  const charlie = await addStockedVariant(shop, {
    title: "Charlie Pillow 100%",
    sku: "CHA_1",
    costCents: 5_000,
    stock: { [showroom]: 3 },
  });
  await reserve(charlie.variantId, showroom, 3);
  // Low once reserved units are left out (5 - 3 = 2), and no cost (counts as R0).
  const delta = await addStockedVariant(shop, {
    title: "Delta Mattress",
    sku: "DEL-D",
    size: "double",
    costCents: null,
    stock: { [storeRoom]: 5 },
  });
  await reserve(delta.variantId, storeRoom, 3);
  // Threshold 0: one unit is still In Stock.
  await addStockedVariant(shop, {
    title: "Echo Headboard",
    sku: "ECH-S",
    size: "single",
    costCents: 30_000,
    threshold: 0,
    stock: { [showroom]: 1 },
  });
});

describe("the inventory list", () => {
  it("sums the cards over the active warehouses: units, low, out, value at cost (no cost counts R0)", async () => {
    const page = await list();
    expect(page.summary).toEqual({
      units: 10 + 2 + 0 + 3 + 5 + 1,
      lowStock: 2,
      outOfStock: 2,
      valueCents: 12 * 100_000 + 3 * 5_000 + 1 * 30_000,
      uncosted: 1,
    });
  });

  it("lists each level of an active warehouse, by SKU, with available and status by the one rule", async () => {
    const page = await list();
    expect(page.total).toBe(6);
    expect(skusOf(page)).toEqual([
      "ALP-Q@Showroom",
      "ALP-Q@Store room",
      "BRV-K@Showroom",
      "CHA_1@Showroom",
      "DEL-D@Store room",
      "ECH-S@Showroom",
    ]);
    expect(page.rows.map((r) => [r.available, r.status])).toEqual([
      [10, "in_stock"],
      [2, "low_stock"],
      [0, "out_of_stock"],
      [0, "out_of_stock"],
      [2, "low_stock"],
      [1, "in_stock"],
    ]);
    for (const row of page.rows) expect(row.status).toBe(stockStatus(row));
    expect(page.rows[2]).toMatchObject({
      title: "Bravo Spring Bed",
      sizeLabel: "King",
      reserved: 0,
    });
  });

  it("filters by status in SQL exactly as the rule says, and counts what it shows", async () => {
    const counts: Record<string, number> = {};
    for (const status of INVENTORY_LIST.statuses) {
      const page = await list(`status=${status}`);
      counts[status] = page.total;
      expect(page.rows).toHaveLength(page.total);
      for (const row of page.rows) expect(stockStatus(row)).toBe(status);
    }
    expect(counts).toEqual({ in_stock: 2, low_stock: 2, out_of_stock: 2 });
  });

  it("filters by warehouse, and with a status too", async () => {
    expect(skusOf(await list(`warehouse=${shop.storeRoom}`))).toEqual([
      "ALP-Q@Store room",
      "DEL-D@Store room",
    ]);
    const lowInShowroom = await list(`warehouse=${shop.showroom}&status=low_stock`);
    expect(lowInShowroom.total).toBe(0);
    expect((await list(`warehouse=${shop.showroom}&status=out_of_stock`)).total).toBe(2);
    // An inactive warehouse's levels are not listed; a malformed one is no filter.
    expect((await list(`warehouse=${shop.oldShed}`)).total).toBe(0);
    expect((await list("warehouse=abc")).total).toBe(6);
  });

  it("searches by a part of the SKU or the product title, in any case, % and _ taken literally", async () => {
    expect(skusOf(await list("q=brv"))).toEqual(["BRV-K@Showroom"]);
    expect(skusOf(await list("q=MATTRESS"))).toEqual(["DEL-D@Store room"]);
    expect(skusOf(await list("q=100%25"))).toEqual(["CHA_1@Showroom"]);
    expect(skusOf(await list("q=A_1"))).toEqual(["CHA_1@Showroom"]);
    expect((await list("q=a%25p")).total).toBe(0);
    const alpha = await list(`q=alpha&warehouse=${shop.storeRoom}`);
    expect(alpha.total).toBe(1);
    expect(skusOf(alpha)).toEqual(["ALP-Q@Store room"]);
    expect((await list("q=nothing-like-this")).total).toBe(0);
  });

  it("sorts by every column, both ways, the level's key settling ties", async () => {
    const all = (await list()).rows;
    const key = (r: (typeof all)[number]) => `${r.sku}@${r.warehouse}`;
    const checks: [string, (r: (typeof all)[number]) => string | number][] = [
      ["sku", (r) => r.sku],
      ["product", (r) => r.title.toLowerCase()],
      ["warehouse", (r) => r.warehouse.toLowerCase()],
      ["onhand", (r) => r.onHand],
      ["reserved", (r) => r.reserved],
      ["available", (r) => r.available],
      ["threshold", (r) => r.lowStockThreshold],
      ["status", (r) => ["out_of_stock", "low_stock", "in_stock"].indexOf(r.status)],
    ];
    for (const [sort, value] of checks) {
      for (const dir of ["asc", "desc"] as const) {
        const rows = (await list(`sort=${sort}&dir=${dir}`)).rows;
        const values = rows.map(value);
        const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        expect(values, `${sort} ${dir}`).toEqual(dir === "asc" ? sorted : sorted.reverse());
        expect(new Set(rows.map(key)).size).toBe(6);
      }
    }
    // Out of stock first, then low, then in stock.
    expect((await list("sort=status")).rows.map((r) => r.status)).toEqual([
      "out_of_stock",
      "out_of_stock",
      "low_stock",
      "low_stock",
      "in_stock",
      "in_stock",
    ]);
  });

  it("sorts a search's levels exactly as the whole list, with its filters", async () => {
    const holds = (r: { sku: string; title: string }, q: string) =>
      `${r.sku} ${r.title}`.toLowerCase().includes(q);
    const sorts = ["sku", "product", "warehouse", "onhand", "available", "status"];
    for (const q of ["a", "o", "bed"]) {
      for (const sort of sorts) {
        for (const dir of ["asc", "desc"]) {
          for (const filter of ["", `&warehouse=${shop.showroom}`, "&status=in_stock"]) {
            const whole = (await list(`sort=${sort}&dir=${dir}${filter}`)).rows;
            const found = await list(`q=${q}&sort=${sort}&dir=${dir}${filter}`);
            const expected = whole.filter((r) => holds(r, q)).map((r) => `${r.sku}@${r.warehouse}`);
            expect(skusOf(found), `${q} ${sort} ${dir}${filter}`).toEqual(expected);
            expect(found.total).toBe(expected.length);
          }
        }
      }
    }
  });

  it("pages 25 at a time and answers the last page for one past the end", async () => {
    const page = await list("page=9");
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 6 });
    // A search past its end too: its count is not on an empty page's rows.
    const searched = await list("q=a&page=9");
    expect(searched).toMatchObject({ page: 1, pageCount: 1, total: (await list("q=a")).total });
    expect(searched.rows.length).toBe(searched.total);
    expect(searched.rows[0]).not.toHaveProperty("matching");
  });

  it("exports exactly what the filters show, in the list's order", async () => {
    const rows = [];
    for await (const row of exportInventory({
      params: readListParams(
        INVENTORY_LIST,
        new URLSearchParams("status=out_of_stock&sort=sku&dir=desc"),
      ),
    })) {
      rows.push(row);
    }
    expect(rows).toEqual([
      ["CHA_1", "Charlie Pillow 100%", "Queen", "Showroom", 3, 3, 0, 2, "Out of Stock"],
      ["BRV-K", "Bravo Spring Bed", "King", "Showroom", 0, 0, 0, 2, "Out of Stock"],
    ]);
  });
});

describe("the inventory's kept sums", () => {
  it("answers each database with its own, even at the same stock and catalogue versions", async () => {
    const versions = async () => {
      const [stock] = await db().select().from(stockVersion);
      const [catalog] = await db().select().from(catalogVersion);
      return { stock: stock!.version, catalog: catalog!.version };
    };
    const before = await list();
    const at = await versions();
    // Another database (a restore, say) whose counters stand where this one's do.
    const other = await createTestDatabase();
    try {
      setDatabase(other);
      const otherShop = await setUpStockShop();
      await addStockedVariant(otherShop, {
        title: "Foxtrot Base",
        sku: "FOX-Q",
        costCents: 70_000,
        stock: { [otherShop.showroom]: 4 },
      });
      await db().update(stockVersion).set({ version: at.stock });
      await db().update(catalogVersion).set({ version: at.catalog });
      expect(await versions()).toEqual(at);
      expect((await list()).summary).toMatchObject({ units: 4, valueCents: 4 * 70_000 });
    } finally {
      setDatabase(database.handle());
      await other.close();
    }
    expect((await list()).summary).toEqual(before.summary);
  });
});
