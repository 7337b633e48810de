import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsOwner } from "../admin/admin-session";
import { findingsInBothThemes } from "../axe";
import { main, outboxMessages, PHONE, useBrowser, waitForHydration } from "../browser";
import { announcedFieldErrors } from "../forms";
import { checkoutWith, completeOrder, fillDetails, summary, toast } from "../shopper";

const browser = useBrowser();

const cartBadge = (page: Page) => page.getByTestId("cart-count");
/** The order page's Delivery card (the shopper's and the back office's). */
const deliveryCard = (page: Page) =>
  page.locator('[data-slot="card"]', {
    has: page.getByRole("heading", { name: "Delivery", exact: true }),
  });

/** The details with a South African address whose postal code and mobile are wrong; sent. */
async function fillWrongAddress(page: Page) {
  const form = main(page);
  await fillDetails(page, "thabo.address@example.com");
  await form.getByLabel("Complex / Estate and Unit (optional)").fill("Unit 4, Protea Gardens");
  await form.getByLabel("Suburb (optional)").fill("Safari Gardens");
  await form.getByLabel("City / Town").fill("Rustenburg");
  await form.getByLabel("Province").selectOption({ label: "North West" });
  await form.getByLabel("Postal Code").fill("03000");
  await form.getByLabel("Delivery Contact Mobile (optional)").fill("018 632 1234");
  await form.getByLabel("Access Instructions (optional)").fill("Gate code 4321, the blue house");
  await form.getByLabel("PayFast instant EFT").check();
  await form.getByLabel(/I agree to the/).check();
  await completeOrder(page);
}

describe("checkout", () => {
  it("shows the empty state without a cart", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/checkout");
    await waitForHydration(page);
    await main(page).getByText("Your cart is empty").waitFor();
    expect(
      await main(page).getByRole("link", { name: "Browse Products" }).getAttribute("href"),
    ).toBe("/products");
    expect(await main(page).getByRole("link", { name: "Back to Cart" }).getAttribute("href")).toBe(
      "/cart",
    );
  });

  it("checks the form in order, takes a declined card, then pays by card and shows the paid order", async () => {
    const page = await browser.newPage(PHONE);
    await checkoutWith(page, "storage-spring-bed", "double");
    expect(
      await main(page).getByRole("heading", { name: "Customer Information" }).isVisible(),
    ).toBe(true);
    expect(
      await main(page).getByRole("heading", { name: "Delivery Information" }).isVisible(),
    ).toBe(true);
    expect(await main(page).getByRole("heading", { name: "Payment Information" }).isVisible()).toBe(
      true,
    );
    // R5,299 is over R2,000: standard delivery is free.
    expect(await summary(page).getByText("R5,299").first().isVisible()).toBe(true);
    expect(await summary(page).locator("dd").nth(1).textContent()).toBe("Free");

    await completeOrder(page);
    await toast(page, "Missing Information").waitFor();
    expect(await toast(page, "Missing Information").textContent()).toContain(
      "Please fill in all required fields.",
    );
    await fillDetails(page, "lerato at example");
    await completeOrder(page);
    await toast(page, "Invalid Email").waitFor();
    await main(page).getByLabel("Email").fill("lerato.shopper@example.com");
    await completeOrder(page);
    await main(page).getByText("Please accept the terms and conditions").waitFor();
    await main(page)
      .getByLabel(/I agree to the/)
      .check();
    await main(page).getByLabel("Express Delivery").check();
    await summary(page).getByText("R5,598").waitFor(); // R5,299 + R299 express
    await completeOrder(page);

    // The demo gateway's own page: card fields live here, never on the shop's checkout.
    await page.waitForURL("**/demo-gateway?**");
    // The gateway's own page, not the checkout the address has just left.
    await page.getByText("Demo payment gateway.").waitFor();
    await waitForHydration(page);
    expect(await page.getByText("R5,598.00", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel("CVV").getAttribute("type")).toBe("password");
    expect(await page.getByLabel("Card number").getAttribute("maxlength")).toBe("19");
    await page.getByRole("button", { name: /^Pay R/ }).click();
    await toast(page, "Payment Information Required").waitFor();
    expect(await toast(page, "Payment Information Required").textContent()).toContain(
      "Please fill in all card details.",
    );
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("Name on card").fill("L Dlamini");
    await page.getByRole("button", { name: /^Pay R/ }).click();

    await page.waitForURL("**/orders/*?token=*");
    await main(page).getByText("Your payment was declined").waitFor();
    const orderNumber = (await main(page)
      .getByRole("heading", { level: 1 })
      .textContent())!.replace("Order ", "");
    expect(await cartBadge(page).textContent()).toBe("1");

    await main(page).getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL("**/demo-gateway?**");
    await waitForHydration(page);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("Name on card").fill("L Dlamini");
    await page.getByRole("button", { name: /^Pay R/ }).click();

    await page.waitForURL(`**/orders/${orderNumber}?token=*`);
    await toast(page, "Order Placed Successfully!").waitFor();
    expect(await toast(page, "Order Placed Successfully!").textContent()).toContain(
      `Your order number is ${orderNumber}. A confirmation e-mail will be sent to lerato.shopper@example.com.`,
    );
    await main(page).getByText("Payment received").waitFor();
    expect(await main(page).getByText("Visa ending 4242").isVisible()).toBe(true);
    expect(await main(page).getByText("Mastercard").count()).toBe(0);
    expect(await cartBadge(page).count()).toBe(0);

    // The shopper can come back to the order by its link; without the token it does not exist.
    const link = page.url();
    const reload = await page.goto(link);
    expect(reload!.status()).toBe(200);
    const denied = await page.goto(`/orders/${orderNumber}?token=wrong`);
    expect(denied!.status()).toBe(404);

    const mail = await outboxMessages();
    const toShopper = mail.filter((m) => m.to.includes("lerato.shopper@example.com"));
    // Paid at once: one e-mail about the order, its confirmation (none while at the card page).
    const aboutOrder = toShopper.filter((m) => m.subject.includes(String(orderNumber)));
    expect(aboutOrder.map((m) => m.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Your order ${orderNumber} at .+ is confirmed and paid$`)),
    ]);
    const confirmation = aboutOrder[0]!;
    expect(confirmation.text).toContain("VAT included (15%): R730.17");
    expect(confirmation.text).toContain("Express delivery");
    // No card number anywhere in the shop's mail.
    for (const m of mail) expect(m.text).not.toMatch(/4242 ?4242|4000 ?0000/);
    expect(mail.some((m) => m.subject.startsWith(`New paid order ${orderNumber}`))).toBe(true);
  });

  it("pays by instant EFT and by PayFlex through the demo gateway, and applies a promotion code", async () => {
    const page = await browser.newPage();
    await checkoutWith(page, "zoned-pocket-spring-bed", "queen");
    const promo = summary(page).getByLabel("Promotion code");
    await promo.fill("winter25");
    await summary(page).getByRole("button", { name: "Apply" }).click();
    await summary(page).getByText("The code WINTER25 has expired.").waitFor();
    await promo.fill("WELCOME10");
    await summary(page).getByRole("button", { name: "Apply" }).click();
    await summary(page).getByText("Discount (WELCOME10)").waitFor();
    // R6,899 less 10% (R689.90) = R6,209.10.
    expect(await summary(page).getByText("R6,209.10").isVisible()).toBe(true);

    await fillDetails(page, "sipho@example.com");
    await main(page).getByLabel("PayFast instant EFT").check();
    await main(page)
      .getByLabel(/I agree to the/)
      .check();
    await completeOrder(page);
    await page.waitForURL("**/demo-gateway?**");
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL("**/orders/*?token=*");
    await toast(page, "Order Placed Successfully!").waitFor();
    await main(page).getByText("Payment received").waitFor();
    expect(await main(page).getByText("PayFast instant EFT").first().isVisible()).toBe(true);
    expect(await main(page).getByText("-R689.90").isVisible()).toBe(true);

    await checkoutWith(page, "classic-spring-bed", "double");
    await fillDetails(page, "sipho@example.com");
    // R3,599 in four: what each PayFlex payment comes to.
    await main(page).getByText("4 interest-free payments of R899.75").waitFor();
    await main(page).getByLabel("PayFlex").check();
    await main(page)
      .getByLabel(/I agree to the/)
      .check();
    await completeOrder(page);
    await page.waitForURL("**/demo-gateway?**");
    await page.getByText("PayFlex: 4 interest-free payments").waitFor();
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL("**/orders/*?token=*");
    await main(page).getByText("Payment received").waitFor();
  });

  it("takes a South African address, says what is wrong by the field, and shows it on the order to the shopper and staff", async () => {
    const page = await browser.newPage(PHONE);
    await checkoutWith(page, "classic-spring-bed", "double");
    const form = main(page);
    // The shop's home province is chosen until the shopper says otherwise.
    expect(await form.getByLabel("Province").inputValue()).toBe("NW");
    await fillWrongAddress(page);
    await toast(page, "Please check the form").waitFor();
    const errors = await announcedFieldErrors(form);
    expect(errors).toEqual([
      {
        field: "Postal Code",
        message:
          "A postal code has four digits, such as 2740; this has 5. Four digits, such as 2740.",
      },
      {
        field: "Delivery Contact Mobile (optional)",
        message:
          "Enter a South African mobile number, such as 082 555 0101 or +27 82 555 0101. Who our driver calls on the day, if not the number above. Such as 082 555 0101.",
      },
    ]);
    // The new fields, with their messages showing, in both themes.
    expect(
      await findingsInBothThemes(page, async (dark) => {
        await dark.goto("/checkout");
        await waitForHydration(dark);
        await summary(dark).locator('dl[aria-busy="false"]').waitFor();
        await fillWrongAddress(dark);
        await toast(dark, "Please check the form").waitFor();
      }),
    ).toEqual([]);

    await form.getByLabel("Postal Code").fill("0300");
    await form.getByLabel("Delivery Contact Mobile (optional)").fill("+27 72 555 0199");
    await completeOrder(page);
    await page.waitForURL("**/demo-gateway?**");
    await page.getByRole("button", { name: "Approve payment" }).click();
    await page.waitForURL("**/orders/*?token=*");
    await main(page).getByText("Payment received").waitFor();
    const number = (await main(page).getByRole("heading", { level: 1 }).textContent())!.replace(
      "Order ",
      "",
    );
    const printed = [
      "Unit 4, Protea Gardens",
      "7 Buiten Street",
      "Safari Gardens",
      "Rustenburg 0300",
      "North West",
      "Delivery contact: 072 555 0199",
      "Access: Gate code 4321, the blue house",
    ];
    for (const line of printed) {
      expect(await deliveryCard(page).getByText(line, { exact: true }).isVisible(), line).toBe(
        true,
      );
    }

    // Staff read the same lines on the order's page in the back office.
    const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await signInAsOwner(staff);
    await staff.goto(`/admin/orders/${number}`);
    await waitForHydration(staff);
    for (const line of printed) {
      expect(await deliveryCard(staff).getByText(line, { exact: true }).isVisible(), line).toBe(
        true,
      );
    }
    expect(
      await findingsInBothThemes(staff, async (dark) => {
        await dark.goto(`/admin/orders/${number}`);
        await waitForHydration(dark);
      }),
    ).toEqual([]);
  });
});
