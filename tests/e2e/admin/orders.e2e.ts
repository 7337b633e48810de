import { describe, expect, it } from "vitest";
import { useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe("orders in the back office", () => {
  it("shows a new order without a reload and moves it through its statuses", async () => {
    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/orders");
    await waitForHydration(admin);

    // A shopper pays for an order while the list is open.
    const shopper = await browser.newPage();
    const number = await placePaidOrder(
      shopper,
      "backcare-spring-bed",
      "queen",
      "owner-test@example.com",
    );
    const row = admin.getByTestId("order-row").filter({ hasText: `#${number}` });
    await row.waitFor({ timeout: 30_000 });
    expect(await row.textContent()).toContain("owner-test@example.com");

    await row.getByRole("link", { name: `#${number}` }).click();
    await admin.waitForURL(`**/admin/orders/${number}`);
    await waitForHydration(admin);
    await admin.getByRole("button", { name: "Mark processing" }).click();
    await toast(admin, "Status Updated").waitFor();
    expect(await toast(admin, "Status Updated").textContent()).toContain(
      "Order status has been updated successfully.",
    );
    await admin.getByRole("button", { name: "Mark completed" }).click();
    await admin.getByRole("button", { name: "Mark completed" }).waitFor({ state: "detached" });
    // Paid and completed: only a refund is left to do.
    expect(await admin.getByRole("button", { name: "Refund", exact: true }).isVisible()).toBe(true);

    // The shopper's own page follows.
    await shopper.reload();
    await shopper.getByText("Completed").first().waitFor();
  });

  it("archives a product that has been ordered instead of deleting it", async () => {
    const shopper = await browser.newPage();
    await placePaidOrder(shopper, "support-plus-spring-bed", "queen", "archive-test@example.com");

    const admin = await browser.newPage(DESKTOP);
    await signInAsOwner(admin);
    await admin.goto("/admin/products");
    await waitForHydration(admin);
    await admin.getByLabel("Search products").fill("Support Plus");
    await admin.getByLabel("Search products").press("Enter");
    await admin.getByRole("heading", { name: "Products (1)" }).waitFor();
    const title = (await admin.getByTestId("product-row").locator("td").nth(1).textContent())!;
    admin.once("dialog", (dialog) => void dialog.accept());
    await admin.getByRole("button", { name: /^Delete / }).click();
    await toast(admin, "Product Archived").waitFor();
    expect(await toast(admin, "Product Archived").textContent()).toContain("has orders");

    expect((await shopper.goto("/products/support-plus-spring-bed"))?.status()).toBe(404);

    // Back on sale, as the rest of the journeys expect the demo catalogue.
    await admin.getByRole("link", { name: `Edit ${title.trim()}` }).click();
    await admin.getByRole("heading", { name: "Edit Product" }).waitFor();
    await waitForHydration(admin);
    await admin.getByLabel("Status").selectOption("active");
    await admin.getByRole("button", { name: "Save Product" }).click();
    await toast(admin, "Product Updated").waitFor();
    expect((await shopper.goto("/products/support-plus-spring-bed"))?.status()).toBe(200);
  });
});
