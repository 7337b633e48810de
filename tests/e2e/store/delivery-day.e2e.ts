import { describe, expect, it } from "vitest";
import { findingsInBothThemes } from "../axe";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";
import { checkoutWith, deliveryDays, fillDetails, summary } from "../shopper";

const browser = useBrowser();

const REMOVAL = "Take away my old mattress or bed";

describe("a shopper chooses a delivery day", () => {
  it("books a day and the old bed's removal by keyboard on a phone, sees both on the order page and moves the day", async () => {
    const page = await browser.newPage(PHONE);
    await checkoutWith(page, "storage-spring-bed", "double");
    await fillDetails(page, "palesa.days@example.com");
    const group = deliveryDays(page);
    const days = group.getByRole("radio");
    expect(await days.count()).toBe(10);
    const labels = await group.locator("label").allTextContents();
    for (const label of labels) {
      expect(label.trim()).toMatch(
        /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday) [1-9]\d? [A-Z][a-z]+$/,
      );
    }
    // fillDetails chose the first; the shopper moves to the second with the arrow keys.
    await tabTo(page, days.first(), { back: true });
    await page.keyboard.press("ArrowDown");
    expect(await days.nth(1).isChecked()).toBe(true);
    const chosen = labels[1]!.trim();

    // The next stop of Tab is the add-ons: the old bed taken away, at the shop's R250.
    const removal = main(page).getByLabel(REMOVAL);
    expect(await main(page).getByTestId("add-ons").textContent()).toContain("R250");
    await tabTo(page, removal);
    await page.keyboard.press("Space");
    expect(await removal.isChecked()).toBe(true);
    await expect
      .poll(() => summary(page).locator('dl[aria-busy="false"]').textContent())
      .toContain("Take away old mattress or bedR250");

    expect(
      await findingsInBothThemes(page, async (dark) => {
        // The same browser's cart: the checkout opens with it.
        await dark.goto("/checkout");
        await waitForHydration(dark);
        await summary(dark).locator('dl[aria-busy="false"]').waitFor();
        await fillDetails(dark, "palesa.days@example.com");
        await main(dark).getByLabel(REMOVAL).check();
      }),
    ).toEqual([]);
    // Nothing wider than a 390 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    const payfast = main(page).getByLabel("PayFast instant EFT");
    await tabTo(page, main(page).getByRole("radio", { checked: true }).last());
    for (let i = 0; i < 3 && !(await payfast.isChecked()); i++)
      await page.keyboard.press("ArrowDown");
    const terms = main(page).getByLabel(/I agree to the/);
    await tabTo(page, terms);
    await page.keyboard.press("Space");
    await summary(page).locator('dl[aria-busy="false"]').waitFor();
    await tabTo(page, main(page).getByRole("button", { name: "Complete Order" }));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/demo-gateway?**");
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL("**/orders/*?token=*");
    await waitForHydration(page);

    const card = main(page).getByRole("region", { name: "Delivery Day" });
    await card.getByText(new RegExp(`^${chosen} \\d{4}$`)).waitFor();
    expect(await card.textContent()).toContain("Lichtenburg and area");
    // The order's totals name the add-on and its price.
    await expect.poll(() => main(page).getByRole("definition").allTextContents()).toContain("R250");
    expect(await main(page).getByRole("term").allTextContents()).toContain(
      "Take away old mattress or bed",
    );
    const move = card.getByRole("group", { name: "Move to another Delivery Day" });
    const options = move.getByRole("radio");
    const checked = move.getByRole("radio", { checked: true });
    await tabTo(page, checked);
    await page.keyboard.press("ArrowDown");
    const target = (await move
      .locator("label", { has: page.locator("input:checked") })
      .textContent())!.trim();
    expect(target).not.toBe(chosen);
    expect(await options.count()).toBeGreaterThan(2);
    await tabTo(page, card.getByRole("button", { name: "Move Delivery Day" }));
    await page.keyboard.press("Enter");
    await card.getByText(new RegExp(`^${target} \\d{4}`)).waitFor();

    const orderUrl = page.url();
    expect(
      await findingsInBothThemes(page, async (dark) => {
        await dark.goto(orderUrl);
        await waitForHydration(dark);
      }),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });
});
