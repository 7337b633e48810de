import { describe, expect, it } from "vitest";
import { main, useBrowser, waitForHydration } from "../browser";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();

describe("products in the back office", () => {
  it("creates, edits, hides and deletes a product, and the shop follows", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsOwner(page);
    await page.getByRole("link", { name: "Products" }).first().click();
    await page.getByRole("heading", { name: "Products", exact: true }).waitFor();
    await page.getByRole("link", { name: "Add Product" }).click();
    await page.getByRole("heading", { name: "Add New Product" }).waitFor();
    await waitForHydration(page);

    await page.getByRole("button", { name: "Save Product" }).click();
    // Next to the field; the notice says it too, so the whole page would find it twice.
    await main(page).getByText("Title is required").waitFor();
    await toast(page, "Validation Error").waitFor();

    await page.getByLabel("Title").fill("E2E Test Bed Deluxe");
    await page.getByLabel("Description").fill("A bed made by the browser journey.");
    await page.getByLabel("Queen SKU").fill("E2E-Q");
    await page.getByLabel("Queen price").fill("4321.50");
    await page.getByRole("button", { name: "Save Product" }).click();
    await toast(page, "Product Created").waitFor();
    await page.waitForURL(/\/admin\/products$/);

    await page.getByLabel("Search products").fill("e2e-q");
    await page.getByLabel("Search products").press("Enter");
    await page.getByRole("heading", { name: "Products (1)" }).waitFor();
    expect(await page.getByTestId("product-row").textContent()).toContain("R4,321.50");

    const shop = await browser.newPage();
    const shown = await shop.goto("/products/e2e-test-bed-deluxe");
    expect(shown?.status()).toBe(200);
    await shop.getByRole("heading", { name: "E2E Test Bed Deluxe" }).waitFor();

    await page.getByRole("link", { name: "Edit E2E Test Bed Deluxe" }).click();
    await page.getByRole("heading", { name: "Edit Product" }).waitFor();
    await waitForHydration(page);
    await page.getByLabel("Status").selectOption("draft");
    await page.getByLabel("Queen price").fill("3999");
    await page.getByRole("button", { name: "Save Product" }).click();
    await toast(page, "Product Updated").waitFor();
    await page.waitForURL(/\/admin\/products$/);
    expect((await shop.goto("/products/e2e-test-bed-deluxe"))?.status()).toBe(404);

    await page.getByLabel("Search products").fill("E2E Test");
    await page.getByLabel("Search products").press("Enter");
    await page.getByRole("heading", { name: "Products (1)" }).waitFor();
    expect(await page.getByTestId("product-row").textContent()).toContain("R3,999.00");
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("Are you sure you want to delete E2E Test Bed Deluxe?");
      void dialog.accept();
    });
    await page.getByRole("button", { name: "Delete E2E Test Bed Deluxe" }).click();
    await toast(page, "Product Deleted").waitFor();
    expect(await toast(page, "Product Deleted").textContent()).toContain(
      "Product has been removed from inventory.",
    );
    await page.getByText("No products found").waitFor();
  });
});
