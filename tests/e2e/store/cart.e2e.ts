import type { Page } from "playwright-core";
import { formatMoney } from "~/lib/money";
import { describe, expect, it } from "vitest";
import { baseUrl, main, PHONE, useBrowser, waitForHydration } from "../browser";

const browser = useBrowser();
const CART_KEY = "slumber-corner.cart.v1";

type CurrentLine =
  | { variantId: number; sold: true; title: string; priceCents: number; available: number }
  | { variantId: number; sold: false };

/** The shop's current answer for the first variant ids, straight from its price check. */
async function currentLines(from = 1): Promise<CurrentLine[]> {
  const variantIds = Array.from({ length: 50 }, (_, i) => from + i);
  const response = await fetch(`${baseUrl()}/api/cart-lines`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ variantIds }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { lines: CurrentLine[] }).lines;
}

const rand = (cents: number) => `R${(cents / 100).toLocaleString("en-US")}`;
const badge = (page: Page) => page.getByTestId("cart-count");
const summary = (page: Page) => main(page).getByRole("region", { name: "Order Summary" });
const toast = (page: Page, title: string) =>
  page.locator("[data-sonner-toast]", { hasText: title }).last();

async function openCartWith(page: Page, lines: object[]) {
  await page.goto("/");
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [CART_KEY, JSON.stringify(lines)],
  );
  await page.goto("/cart");
  await waitForHydration(page);
}

describe("the cart", () => {
  it("adds from the quick view, counts in the header, and changes and removes lines", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    await waitForHydration(page);
    await main(page)
      .getByRole("button", { name: /^View / })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    const name = (await dialog.getByRole("heading").first().textContent())!.trim();

    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await toast(page, "Added to Cart").waitFor();
    expect(await toast(page, "Added to Cart").textContent()).toContain(
      `${name} has been added to your cart`,
    );
    expect(await badge(page).textContent()).toBe("1");

    await dialog.getByRole("button", { name: "Add to Cart" }).click();
    await toast(page, "Updated Cart").waitFor();
    expect(await toast(page, "Updated Cart").textContent()).toContain(
      `Increased quantity of ${name}`,
    );
    expect(await badge(page).textContent()).toBe("2");

    await page.keyboard.press("Escape");
    await page.goto("/cart");
    await waitForHydration(page);
    const quantity = main(page).getByRole("status", { name: `Quantity of ${name}` });
    const minus = main(page).getByRole("button", { name: `Decrease quantity of ${name}` });
    const plus = main(page).getByRole("button", { name: `Increase quantity of ${name}` });
    expect(await main(page).getByTestId("cart-line").count()).toBe(1);
    expect(await quantity.textContent()).toBe("2");
    expect(await main(page).getByText("2 items in your cart").isVisible()).toBe(true);

    await minus.click();
    await page.waitForFunction(() => document.querySelector("main output")?.textContent === "1");
    expect(await minus.isDisabled()).toBe(true);
    expect(await badge(page).textContent()).toBe("1");
    await plus.click();
    await page.waitForFunction(() => document.querySelector("main output")?.textContent === "2");
    expect(await minus.isDisabled()).toBe(false);

    // The cart is kept in the browser across a reload.
    await page.reload();
    await waitForHydration(page);
    expect(await quantity.textContent()).toBe("2");

    await main(page)
      .getByRole("button", { name: `Remove ${name} from cart` })
      .click();
    await toast(page, "Removed from Cart").waitFor();
    expect(await toast(page, "Removed from Cart").textContent()).toContain(
      "Item has been removed from your cart",
    );
    await main(page).getByRole("heading", { name: "Your cart is empty" }).waitFor();
    expect(await badge(page).count()).toBe(0);
    await main(page).getByRole("link", { name: "Start Shopping" }).click();
    await page.waitForURL(`${baseUrl()}/beds`);
  });

  it("shows the order summary with savings, delivery and the way to checkout", async () => {
    const lines = await currentLines();
    const bed = lines.find(
      (l): l is Extract<CurrentLine, { sold: true }> =>
        l.sold && l.available > 0 && l.priceCents >= 200000,
    )!;
    const page = await browser.newPage();
    await openCartWith(page, [
      {
        variantId: bed.variantId,
        name: bed.title,
        priceCents: bed.priceCents,
        originalPriceCents: bed.priceCents * 2,
        quantity: 1,
      },
    ]);
    await summary(page).waitFor();
    const text = await summary(page).textContent();
    expect(text).toContain(`Subtotal${rand(bed.priceCents)}`);
    expect(text).toContain("DeliveryFree");
    expect(text).toContain(`Total${rand(bed.priceCents)}`);
    expect(text).not.toContain("more for free delivery");
    expect(await main(page).getByText("50% off").isVisible()).toBe(true);

    await main(page).getByRole("link", { name: "Continue Shopping" }).waitFor();
    expect(
      await main(page).getByRole("link", { name: "Continue Shopping" }).getAttribute("href"),
    ).toBe("/beds");
    await main(page).getByRole("link", { name: "Proceed to Checkout" }).click();
    await page.waitForURL(`${baseUrl()}/checkout`);
  });

  it("shows today's price of a line whose price changed, and lines no longer sold", async () => {
    const lines = await currentLines();
    const bed = lines.find(
      (l): l is Extract<CurrentLine, { sold: true }> => l.sold && l.available > 0,
    )!;
    const oldPrice = bed.priceCents - 50000;
    const page = await browser.newPage(PHONE);
    await openCartWith(page, [
      { variantId: bed.variantId, name: bed.title, priceCents: oldPrice, quantity: 1 },
      { variantId: 2_000_000, name: "Discontinued Pillow", priceCents: 19900, quantity: 1 },
    ]);

    await main(page)
      .getByText(`Price updated from ${rand(oldPrice)}`)
      .waitFor();
    const line = main(page).getByTestId("cart-line").first();
    expect(await line.textContent()).toContain(rand(bed.priceCents));
    expect(await main(page).getByText("No longer available", { exact: true }).isVisible()).toBe(
      true,
    );
    expect(await main(page).getByRole("button", { name: "Proceed to Checkout" }).isDisabled()).toBe(
      true,
    );

    // The stored line now carries today's price.
    const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), CART_KEY);
    expect(stored[0].priceCents).toBe(bed.priceCents);

    await main(page).getByRole("button", { name: "Remove Discontinued Pillow from cart" }).click();
    await main(page).getByRole("link", { name: "Proceed to Checkout" }).waitFor();
  });

  it("says how much more buys free delivery under the threshold", async () => {
    const all = [
      ...(await currentLines(1)),
      ...(await currentLines(51)),
      ...(await currentLines(101)),
    ];
    const cheap = all.find(
      (l): l is Extract<CurrentLine, { sold: true }> =>
        l.sold && l.available > 0 && l.priceCents < 150000,
    );
    expect(cheap, "the demo catalogue has something under R1,500").toBeDefined();
    const page = await browser.newPage();
    await openCartWith(page, [
      {
        variantId: cheap!.variantId,
        name: cheap!.title,
        priceCents: cheap!.priceCents,
        quantity: 1,
      },
    ]);
    // Free delivery starts at R2,000: the difference is what is missing.
    const shortfall = 200000 - cheap!.priceCents;
    await main(page)
      .getByText(`Add ${formatMoney(shortfall)} more for free delivery`)
      .waitFor();
    expect(await summary(page).textContent()).toContain("DeliveryR299");
  });

  it("explains without JavaScript that the cart lives in the browser", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/cart");
    expect(await main(page).getByRole("heading", { name: "Shopping Cart" }).isVisible()).toBe(true);
    expect(
      await main(page)
        .getByText(/needs JavaScript/)
        .isVisible(),
    ).toBe(true);
    expect(
      await main(page).getByRole("link", { name: "Start Shopping" }).getAttribute("href"),
    ).toBe("/beds");
  });

  it("refuses a bad price check with 400 and a GET with 405", async () => {
    const bad = await fetch(`${baseUrl()}/api/cart-lines`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ variantIds: [-4] }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("Variant ids must be positive numbers.");
    expect((await fetch(`${baseUrl()}/api/cart-lines`)).status).toBe(405);
  });
});
