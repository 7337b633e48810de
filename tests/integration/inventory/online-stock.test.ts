import { beforeAll, describe, expect, it } from "vitest";
import { getProduct } from "~/domain/catalog/get-product.server";
import { priceCartLines } from "~/domain/cart/price-cart-lines.server";
import { setWarehouseSellsOnline } from "~/domain/inventory/manage-warehouses.server";
import { OutOfStockError } from "~/domain/orders/order-stock.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { quoteCheckout } from "~/domain/orders/quote.server";
import { clearRenderCache, renderCacheKey } from "~/lib/render-cache.server";
import { loader as productLoader } from "~/routes/store/product";
import type { EntryContext } from "react-router";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { checkout } from "../orders/fixtures";
import { addBed, addPerson, levelOf, moveStock, setUpWarehouses } from "./warehouse-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpWarehouses>>;
beforeAll(async () => {
  await insertStoreSettings();
  shop = await setUpWarehouses();
});

const availableOnline = async (slug: string) =>
  (await getProduct({ slug }))!.variants[0]!.available;

describe("stock the storefront sells", () => {
  it("counts only warehouses that sell online: stock kept in the workshop is out of stock online", async () => {
    const bed = await addBed(shop.categoryId);
    await moveStock(bed.variantId, shop.workshop, 6);
    expect(await availableOnline(bed.slug)).toBe(0);
    const [line] = await priceCartLines({ variantIds: [bed.variantId] });
    expect(line).toMatchObject({ sold: true, available: 0 });
    const quote = await quoteCheckout({
      lines: [{ variantId: bed.variantId, quantity: 1 }],
      deliveryMethod: "standard",
      promoCode: "",
    });
    expect(quote.problems).toEqual([{ variantId: bed.variantId, problem: "short", available: 0 }]);
  });

  it("cannot be bought from a warehouse that does not sell online, and nothing is held", async () => {
    const bed = await addBed(shop.categoryId);
    await moveStock(bed.variantId, shop.workshop, 6);
    await expect(
      placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }])),
    ).rejects.toBeInstanceOf(OutOfStockError);
    expect((await levelOf(bed.variantId, shop.workshop))!.reserved).toBe(0);
  });

  it("sells the showroom's units, then the store room's, never the workshop's", async () => {
    const bed = await addBed(shop.categoryId);
    await moveStock(bed.variantId, shop.showroom, 1);
    await moveStock(bed.variantId, shop.storeRoom, 2);
    await moveStock(bed.variantId, shop.workshop, 9);
    expect(await availableOnline(bed.slug)).toBe(3);
    await placeOrder(checkout([{ variantId: bed.variantId, quantity: 3 }]));
    expect((await levelOf(bed.variantId, shop.showroom))!.reserved).toBe(1);
    expect((await levelOf(bed.variantId, shop.storeRoom))!.reserved).toBe(2);
    expect((await levelOf(bed.variantId, shop.workshop))!.reserved).toBe(0);
    expect(await availableOnline(bed.slug)).toBe(0);
    await expect(
      placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }])),
    ).rejects.toBeInstanceOf(OutOfStockError);
  });

  it("follows a warehouse switched to sell online, and back", async () => {
    const owner = await addPerson("owner");
    const bed = await addBed(shop.categoryId);
    await moveStock(bed.variantId, shop.workshop, 4);
    await setWarehouseSellsOnline({ warehouseId: shop.workshop, sellsOnline: true, actor: owner });
    expect(await availableOnline(bed.slug)).toBe(4);
    await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    expect((await levelOf(bed.variantId, shop.workshop))!.reserved).toBe(1);
    await setWarehouseSellsOnline({ warehouseId: shop.workshop, sellsOnline: false, actor: owner });
    expect(await availableOnline(bed.slug)).toBe(0);
  });
});

describe("a product page when the last unit goes", () => {
  function cacheKey(loaderData: unknown, slug: string) {
    const context = {
      isSpaMode: false,
      staticHandlerContext: {
        matches: [{ route: { id: "root" } }, { route: { id: "routes/store/product" } }],
        loaderData: { root: { theme: "system" }, "routes/store/product": loaderData },
        actionData: null,
        errors: null,
      },
    } as unknown as EntryContext;
    return renderCacheKey(new Request(`http://shop.test/products/${slug}`), 200, context);
  }

  it("reads the stock afresh, so the page kept for 'In stock' is not the one sent once it is gone", async () => {
    clearRenderCache();
    const bed = await addBed(shop.categoryId);
    await moveStock(bed.variantId, shop.showroom, 1);
    const load = () =>
      productLoader({
        params: { slug: bed.slug },
        request: new Request(`http://shop.test/products/${bed.slug}`),
      } as Parameters<typeof productLoader>[0]);

    const before = await load();
    expect(before.product.variants[0]!.available).toBe(1);
    await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    const after = await load();
    expect(after.product.variants[0]!.available).toBe(0);
    const inStockPage = cacheKey(before, bed.slug);
    const soldOutPage = cacheKey(after, bed.slug);
    expect(inStockPage).toBeTruthy();
    expect(soldOutPage).not.toBe(inStockPage);
  });
});
