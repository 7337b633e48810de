import { describe, expect, it } from "vitest";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { expectFocused, focusInside, focusIsVisible, nextTabStops, tabTo } from "../keyboard";
import { deliveryDays, summary, toast } from "../shopper";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

describe("a shopper using only a keyboard", () => {
  it("buys a bed from its product page to the paid order, by Tab, Space, arrows and Enter", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/products/storage-spring-bed?size=double");
    await waitForHydration(page);

    await tabTo(page, main(page).getByRole("button", { name: "Add to Cart" }).first());
    await page.keyboard.press("Enter");
    await toast(page, "Added to Cart").waitFor();

    await tabTo(page, page.getByRole("link", { name: /^Cart, 1 item/ }), { back: true });
    await page.keyboard.press("Enter");
    await page.waitForURL("**/cart");
    await waitForHydration(page);
    await tabTo(page, main(page).getByRole("link", { name: "Proceed to Checkout" }));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/checkout");
    await waitForHydration(page);
    await summary(page).locator('dl[aria-busy="false"]').waitFor();

    // The form's fields come in the order they are shown.
    await tabTo(page, main(page).getByLabel("First Name"));
    await page.keyboard.type("Lerato");
    // Each field and what is typed into it ("" types nothing: an optional field left empty).
    // The province is a select: typing its first letters chooses it.
    const fields: [string, string][] = [
      ["Last Name", "Dlamini"],
      ["Email", "lerato.keys@example.com"],
      ["Phone", "082 555 0101"],
      ["Company Name (optional)", ""],
      ["Company VAT Number (optional)", ""],
      ["Street Address", "7 Buiten Street"],
      ["Complex / Estate and Unit (optional)", ""],
      ["Suburb (optional)", ""],
      ["City / Town", "Lichtenburg"],
      ["Province", "Free"],
      ["Postal Code", "2740"],
      ["Delivery Contact Mobile (optional)", ""],
      ["Access Instructions (optional)", "Blue gate"],
    ];
    for (const [label, value] of fields) {
      await page.keyboard.press("Tab");
      expect(
        await main(page)
          .getByLabel(label)
          .evaluate((el) => el === document.activeElement),
        label,
      ).toBe(true);
      expect(await focusIsVisible(page), label).toBe(true);
      await page.keyboard.type(value);
    }
    expect(await main(page).getByLabel("Province").inputValue()).toBe("FS");

    // Delivery: the radio group moves with the arrow keys.
    await tabTo(page, main(page).getByLabel("Standard Delivery"));
    await page.keyboard.press("ArrowRight");
    expect(await main(page).getByLabel("Express Delivery").isChecked()).toBe(true);
    await summary(page).getByText("R5,598").waitFor();

    // The delivery day: Tab reaches the first day express offers, Space chooses it.
    const firstDay = deliveryDays(page).getByRole("radio").first();
    await tabTo(page, firstDay);
    await page.keyboard.press("Space");
    expect(await firstDay.isChecked()).toBe(true);

    await tabTo(page, main(page).getByRole("radio", { checked: true }).last());
    const payfast = main(page).getByLabel("PayFast instant EFT");
    for (let i = 0; i < 3 && !(await payfast.isChecked()); i++)
      await page.keyboard.press("ArrowDown");
    expect(await payfast.isChecked()).toBe(true);

    const terms = main(page).getByLabel(/I agree to the/);
    await tabTo(page, terms);
    await page.keyboard.press("Space");
    expect(await terms.isChecked()).toBe(true);
    await tabTo(page, main(page).getByRole("button", { name: "Complete Order" }));
    await page.keyboard.press("Enter");

    await page.waitForURL("**/demo-gateway?**");
    await waitForHydration(page);
    await tabTo(page, page.getByRole("button", { name: "Approve payment" }));
    await page.keyboard.press("Enter");
    await page.waitForURL("**/orders/*?token=*");
    await main(page).getByText("Payment received").waitFor();
  });

  it("keeps focus inside the phone's filter drawer and gives it back to the button that opened it", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/products");
    await waitForHydration(page);
    const opener = main(page).getByRole("link", { name: /Sort & Filter/ });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const drawer = page.getByRole("dialog", { name: "Sort & Filter" });
    await drawer.waitFor();
    expect(await focusInside(drawer)).toBe(true);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i % 7 === 6 ? "Shift+Tab" : "Tab");
      expect(await focusInside(drawer), `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    await expectFocused(opener);
  });

  it("keeps focus inside the quick view and the consultation dialog and returns it on close", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/products");
    await waitForHydration(page);
    const view = main(page)
      .getByRole("button", { name: /^View / })
      .first();
    await tabTo(page, view, { max: 200 });
    await page.keyboard.press("Enter");
    const quickView = page.getByRole("dialog");
    await quickView.waitFor();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInside(quickView), `Tab ${i + 1}`).toBe(true);
    }
    await page.keyboard.press("Escape");
    await quickView.waitFor({ state: "detached" });
    await expectFocused(view);

    await page.goto("/");
    await waitForHydration(page);
    const book = page.getByRole("link", { name: "Book Free Consultation" }).first();
    await tabTo(page, book, { max: 200 });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const stops = await nextTabStops(page, 12);
    expect(await focusInside(dialog)).toBe(true);
    expect(stops.some((name) => /name/i.test(name))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expectFocused(book);
  });
});
