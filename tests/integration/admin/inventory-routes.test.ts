// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { beforeAll, describe, expect, it } from "vitest";
import * as inventoryPage from "~/routes/admin/inventory";
import * as inventoryExport from "~/routes/admin/inventory-export";
import * as inventoryItem from "~/routes/admin/inventory-item";
import * as variantSuggestions from "~/routes/admin/variant-suggestions";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import {
  addStockedVariant,
  levelOf,
  setUpStockShop,
  type StockShop,
} from "../inventory/stock-fixtures";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "./helpers";

useTestDatabase();

let shop: StockShop;
let staffCookie: string;
let ownerCookie: string;
let customerCookie: string;
let bed: Awaited<ReturnType<typeof addStockedVariant>>;
beforeAll(async () => {
  await insertStoreSettings();
  shop = await setUpStockShop();
  bed = await addStockedVariant(shop, {
    title: "Route Bed",
    sku: "ROUTE-Q",
    stock: { [shop.showroom]: 4 },
  });
  staffCookie = (await signedIn("staff")).cookie;
  ownerCookie = (await signedIn("owner")).cookie;
  customerCookie = (await signedIn("customer")).cookie;
});

const adjust = (fields: Record<string, string>, cookie: string) =>
  routeOutcome(
    inventoryPage.action,
    formRequest(
      "/admin/inventory",
      {
        intent: "adjust",
        sku: "ROUTE-Q",
        warehouseId: String(shop.showroom),
        kind: "adjustment",
        quantity: "1",
        reason: "Counted",
        ...fields,
      },
      cookie,
    ),
    {},
  );

type Answer = {
  data: { ok: boolean; fieldErrors?: Record<string, string>; message?: { title: string } };
};

describe("the inventory routes", () => {
  it("show staff and the owner the list, the stock card, suggestions and the export", async () => {
    for (const cookie of [staffCookie, ownerCookie]) {
      const list = await routeOutcome(
        inventoryPage.loader,
        shopRequest("/admin/inventory?q=route", { cookie }),
        {},
      );
      expect(list.returned).toMatchObject({ total: 1, rows: [{ sku: "ROUTE-Q", onHand: 4 }] });
      const card = await routeOutcome(
        inventoryItem.loader,
        shopRequest(`/admin/inventory/${bed.variantId}`, { cookie }),
        { variantId: String(bed.variantId) },
      );
      expect(card.returned).toMatchObject({ variant: { sku: "ROUTE-Q" }, history: { total: 1 } });
      const suggestions = await routeOutcome(
        variantSuggestions.loader,
        shopRequest("/admin/variants?q=route", { cookie }),
        {},
      );
      expect(await (suggestions.returned as Response).json()).toEqual({
        variants: [expect.objectContaining({ sku: "ROUTE-Q", title: "Route Bed", size: "Queen" })],
      });
      const csv = (
        await routeOutcome(
          inventoryExport.loader,
          shopRequest("/admin/inventory/export?q=route", { cookie }),
          {},
        )
      ).returned as Response;
      expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(await csv.text()).toContain("SKU,Product Name,Size,Warehouse,On Hand");
    }
  });

  it("adjust stock for staff and the owner, and say Stock Adjusted only once it is saved", async () => {
    const before = (await levelOf(bed.variantId, shop.showroom)).onHand;
    const staff = await adjust({ quantity: "2" }, staffCookie);
    expect(staff.returned).toEqual({
      ok: true,
      message: { title: "Stock Adjusted", description: "Inventory has been successfully updated." },
    });
    const owner = await adjust(
      { kind: "purchase_receipt", quantity: "3", reason: "" },
      ownerCookie,
    );
    expect((owner.returned as { ok: boolean }).ok).toBe(true);
    expect((await levelOf(bed.variantId, shop.showroom)).onHand).toBe(before + 5);
  });

  it("refuse a change below zero with 409 and the reason by the quantity, and bad input with 400", async () => {
    const before = await levelOf(bed.variantId, shop.showroom);
    const below = await adjust({ quantity: "-500" }, staffCookie);
    expect(statusOf(below.returned)).toBe(409);
    expect((below.returned as Answer).data.fieldErrors).toEqual({
      quantity: `Showroom has only ${before.onHand} on hand: removing 500 would take it below zero.`,
    });
    const noReason = await adjust({ reason: "" }, staffCookie);
    expect(statusOf(noReason.returned)).toBe(400);
    expect((noReason.returned as Answer).data.fieldErrors?.reason).toMatch(/Say why/);
    const inactive = await adjust({ warehouseId: String(shop.oldShed) }, staffCookie);
    expect(statusOf(inactive.returned)).toBe(400);
    expect((inactive.returned as Answer).data.fieldErrors?.warehouseId).toBe(
      "Old shed is inactive: it takes no stock movements.",
    );
    const unknown = await adjust({ intent: "delete" }, staffCookie);
    expect(statusOf(unknown.returned)).toBe(400);
    expect(await levelOf(bed.variantId, shop.showroom)).toEqual(before);
  });

  it("refuse a customer's adjustment and threshold with 403, changing nothing", async () => {
    const before = await levelOf(bed.variantId, shop.showroom);
    expect(statusOf((await adjust({ quantity: "5" }, customerCookie)).thrown)).toBe(403);
    const threshold = await routeOutcome(
      inventoryItem.action,
      formRequest(
        `/admin/inventory/${bed.variantId}`,
        { intent: "threshold", warehouseId: String(shop.showroom), threshold: "9" },
        customerCookie,
      ),
      { variantId: String(bed.variantId) },
    );
    expect(statusOf(threshold.thrown)).toBe(403);
    expect(await levelOf(bed.variantId, shop.showroom)).toEqual(before);
  });

  it("set a level's threshold for staff, and refuse a bad one by its field", async () => {
    const post = (threshold: string) =>
      routeOutcome(
        inventoryItem.action,
        formRequest(
          `/admin/inventory/${bed.variantId}`,
          { intent: "threshold", warehouseId: String(shop.showroom), threshold },
          staffCookie,
        ),
        { variantId: String(bed.variantId) },
      );
    const saved = await post("6");
    expect(saved.returned).toMatchObject({ ok: true, message: { title: "Threshold Saved" } });
    const bad = await post("-1");
    expect(statusOf(bad.returned)).toBe(400);
    expect((bad.returned as Answer).data.fieldErrors?.threshold).toBe(
      "Enter a whole number of units, 0 or more.",
    );
    const card = await routeOutcome(
      inventoryItem.loader,
      shopRequest(`/admin/inventory/${bed.variantId}`, { cookie: staffCookie }),
      { variantId: String(bed.variantId) },
    );
    expect(
      (card.returned as { levels: { lowStockThreshold: number }[] }).levels[0]!.lowStockThreshold,
    ).toBe(6);
  });

  it("answer 404 for a stock card of no variant", async () => {
    const missing = await routeOutcome(
      inventoryItem.loader,
      shopRequest("/admin/inventory/999999", { cookie: staffCookie }),
      { variantId: "999999" },
    );
    expect(statusOf(missing.thrown)).toBe(404);
  });
});
