import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { variants } from "~/db/schema";
import { getDashboard } from "~/domain/reports/dashboard.server";
import { listAdminProducts } from "~/domain/catalog/list-products.server";
import { PRODUCT_LIST } from "~/domain/catalog/product-list";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { addVariant, setUpShop } from "../orders/fixtures";

useTestDatabase();

// Several products whose ids and variant ids differ, so a subquery that compared a variant's
// product id with its own id (instead of the product's) would show one product's figures
// on every row.
beforeAll(async () => {
  const shop = await setUpShop();
  for (const priceCents of [100_000, 250_000, 399_900]) {
    const { productId } = await addVariant(shop, { priceCents, stock: 1 });
    // A dearer second size puts the variant ids out of step with the product ids.
    await db()
      .insert(variants)
      .values({
        productId,
        size: "king",
        sku: `KING-${productId}`,
        priceCents: priceCents + 50_000,
      });
  }
});

describe("product figures in the back office", () => {
  it("shows each recent product with its own SKU and price", async () => {
    const { recentProducts } = await getDashboard();
    const byTitle = new Map(recentProducts.map((p) => [p.title, p]));
    expect(recentProducts).toHaveLength(3);
    for (const product of recentProducts) {
      const n = product.title.replace("Test Bed ", "");
      expect(product.sku).toBe(`TB-${n}-Q`);
    }
    expect([...byTitle.values()].map((p) => p.priceCents).sort()).toEqual([
      100_000, 250_000, 399_900,
    ]);
  });

  it("adds up the catalogue's value from each product's own price", async () => {
    const { summary, rows } = await listAdminProducts(
      readListParams(PRODUCT_LIST, new URLSearchParams()),
    );
    expect(summary.totalValueCents).toBe(749_900);
    expect(rows.map((r) => r.priceCents).sort()).toEqual([100_000, 250_000, 399_900]);
  });
});
