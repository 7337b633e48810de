import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { main, outboxMessages, PHONE, useBrowser, waitForHydration } from "../browser";
import { checkoutWith, completeOrder, fillDetails, summary, toast } from "../shopper";

const browser = useBrowser();

const cartBadge = (page: Page) => page.getByTestId("cart-count");

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
    await waitForHydration(page);
    expect(await page.getByText("Demo payment gateway.").isVisible()).toBe(true);
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
    expect(toShopper.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`Your order ${orderNumber}`),
        `Payment received for order ${orderNumber}`,
      ]),
    );
    const confirmation = toShopper.find((m) => m.subject.includes(`Your order ${orderNumber}`))!;
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
});
