import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { findingsInBothThemes } from "../axe";
import { main, outboxMessages, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** The address book's add form sent with a postal code written with a space: its message shows. */
async function sendWrongPostalCode(page: Page) {
  await page.goto("/account/addresses");
  await waitForHydration(page);
  const add = main(page).locator("form", {
    has: page.getByRole("button", { name: "Save address" }),
  });
  await add.getByLabel("Postal Code").fill("27 45");
  await add.getByRole("button", { name: "Save address" }).click();
  await add.getByText("Write the postal code without spaces, such as 2740.").waitFor();
}

describe("shopper accounts", () => {
  it("signs up from a paid guest order, verifies through the e-mail and sees that order", async () => {
    const page = await browser.newPage(DESKTOP);
    const email = `account.${Date.now()}@example.com`;
    const number = await placePaidOrder(page, "support-plus-spring-bed", "queen", email);

    // After payment, not before: the order page offers an account with its details.
    await main(page).getByRole("link", { name: "Create an account with these details" }).click();
    await page.waitForURL("**/account/sign-up?**");
    await waitForHydration(page);
    expect(await main(page).getByLabel("Full name").inputValue()).toBe("Lerato Dlamini");
    expect(await main(page).getByLabel("Email").inputValue()).toBe(email);

    // A mismatch is told by its field, and the form keeps what was typed.
    await main(page).getByLabel("Password (at least 6 characters)").fill("sleep-well-7");
    await main(page).getByLabel("Confirm password").fill("sleep-well-8");
    await main(page).getByRole("button", { name: "Create account" }).click();
    const mismatch = main(page)
      .locator("p.text-destructive")
      .filter({ hasText: "The passwords do not match" });
    await mismatch.waitFor();
    expect(await main(page).getByLabel("Confirm password").getAttribute("aria-describedby")).toBe(
      await mismatch.getAttribute("id"),
    );
    await main(page).getByLabel("Password (at least 6 characters)").fill("sleep-well-7");
    await main(page).getByLabel("Confirm password").fill("sleep-well-7");
    await main(page).getByRole("button", { name: "Create account" }).click();
    await main(page).getByText("Check your e-mail").waitFor();

    // The header's Account button leads to the account's sign-in; sign in by keyboard.
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Account" }).click();
    await page.waitForURL("**/account/sign-in");
    await waitForHydration(page);
    await main(page).getByLabel("Email").focus();
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await page.keyboard.type("sleep-well-7");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/account$/);
    await main(page).getByText("Please confirm your e-mail address").waitFor();
    // Not verified yet: the guest order is not in the account.
    expect(await main(page).getByText("No orders yet.").isVisible()).toBe(true);

    const mail = (await outboxMessages()).filter((m) => m.to.includes(email)).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/account\/verify\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await main(page).getByRole("heading", { name: "E-mail confirmed" }).waitFor();
    expect(await main(page).getByRole("status").textContent()).toContain(
      "1 earlier order placed with it now shows in your account",
    );

    await main(page).getByRole("link", { name: "Go to my account" }).click();
    await page.waitForURL(/\/account$/);
    // On a 390 px phone the order is a card: its one item and its total stay on the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = main(page)
      .getByTestId("account-order")
      .filter({ hasText: `Order ${number}` });
    expect(await card.textContent()).toMatch(/Items 1(?!\d)/);
    const total = (await card.getByRole("cell").last().boundingBox())!;
    expect(total.x + total.width).toBeLessThanOrEqual(390);
    await page.setViewportSize(DESKTOP.viewport);
    await main(page)
      .getByRole("link", { name: `Order ${number}` })
      .click();
    await page.waitForURL(`**/account/orders/${number}`);
    await main(page)
      .getByRole("heading", { name: `Order ${number}` })
      .waitFor();
    expect(await main(page).getByText("Paid", { exact: true }).first().isVisible()).toBe(true);
    const invoice = main(page).getByRole("link", { name: /Download tax invoice/ });
    const href = await invoice.getAttribute("href");
    expect(href).toBe(`/account/orders/${number}/invoice`);
    const pdf = await page.request.get(href!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");

    // Another visitor (no session) asking for the same order is sent to sign in.
    const stranger = await browser.newPage({ ...DESKTOP, javaScriptEnabled: false });
    await stranger.goto(`/account/orders/${number}`);
    expect(new URL(stranger.url()).pathname).toBe("/account/sign-in");
    await stranger.close();
  });

  it("saves an address without JavaScript and checkout fills it in; signs out", async () => {
    const page = await browser.newPage({ ...DESKTOP, javaScriptEnabled: false });
    const email = `addresses.${Date.now()}@example.com`;
    await page.goto("/account/sign-up");
    await main(page).getByLabel("Full name").fill("Naledi Khumalo");
    await main(page).getByLabel("Email").fill(email);
    await main(page).getByLabel("Password (at least 6 characters)").fill("sleep-well-7");
    await main(page).getByLabel("Confirm password").fill("sleep-well-7");
    await main(page).getByRole("button", { name: "Create account" }).click();
    await main(page).getByText("Check your e-mail").waitFor();
    await page.goto("/account/sign-in?next=/account/addresses");
    await main(page).getByLabel("Email").fill(email);
    await main(page).getByLabel("Password").fill("wrong-password");
    await main(page).getByRole("button", { name: "Sign in" }).click();
    await main(page).getByText("Sign In Failed").waitFor();
    await main(page).getByLabel("Password").fill("sleep-well-7");
    await main(page).getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/account/addresses");

    const form = main(page).locator("form", {
      has: page.getByRole("button", { name: "Save address" }),
    });
    await form.getByLabel("Name for this address (e.g. Home)").fill("Home");
    await form.getByRole("button", { name: "Save address" }).click();
    await main(page).getByText("This field is required.").first().waitFor();
    const again = main(page).locator("form", {
      has: page.getByRole("button", { name: "Save address" }),
    });
    await again.getByLabel("First Name").fill("Naledi");
    await again.getByLabel("Last Name").fill("Khumalo");
    await again.getByLabel("Phone").fill("083 000 1111");
    await again.getByLabel("Street Address").fill("3 Main Road");
    await again.getByLabel("Complex / Estate and Unit (optional)").fill("Unit 12, Lapa Estate");
    await again.getByLabel("Suburb (optional)").fill("Golfview");
    await again.getByLabel("City / Town").fill("Mahikeng");
    // Without JavaScript too, the province starts at the shop's home, North West.
    expect(await again.getByLabel("Province").inputValue()).toBe("NW");
    await again.getByLabel("Postal Code").fill("274");
    await again.getByLabel("Delivery Contact Mobile (optional)").fill("072 555 0199");
    await again.getByLabel("Access Instructions (optional)").fill("Ring at the second gate");
    await again.getByRole("button", { name: "Save address" }).click();
    const third = main(page).locator("form", {
      has: page.getByRole("button", { name: "Save address" }),
    });
    // The message sits by the field it is about.
    await third.getByText("A postal code has four digits, such as 2740; this has 3.").waitFor();
    // What was typed is kept; only the postal code needs fixing.
    expect(await third.getByLabel("Suburb (optional)").inputValue()).toBe("Golfview");
    await third.getByLabel("Postal Code").fill("2745");
    await third.getByRole("button", { name: "Save address" }).click();
    await main(page).getByText("Address saved").waitFor();
    await main(page).getByRole("heading", { name: /Home/ }).waitFor();
    const card = main(page).locator("li", { has: page.getByRole("heading", { name: /Home/ }) });
    expect((await card.locator("p").first().innerText()).split("\n")).toEqual([
      "Naledi Khumalo",
      "Unit 12, Lapa Estate",
      "3 Main Road",
      "Golfview",
      "Mahikeng 2745",
      "North West",
      "083 000 1111",
      "Delivery contact: 072 555 0199",
      "Access: Ring at the second gate",
    ]);

    // With JavaScript, in the same session: checkout fills in the default address.
    const cookies = await page.context().cookies();
    const shopper = await browser.newPage(DESKTOP);
    await shopper.context().addCookies(cookies);
    await shopper.goto("/products/support-plus-spring-bed?size=queen");
    await waitForHydration(shopper);
    await main(shopper).getByRole("button", { name: "Add to Cart" }).first().click();
    await shopper.goto("/checkout");
    await waitForHydration(shopper);
    await expect
      .poll(() => main(shopper).getByLabel("Street Address").inputValue())
      .toBe("3 Main Road");
    expect(await main(shopper).getByLabel("Email").inputValue()).toBe(email);
    expect(await main(shopper).getByLabel("City / Town").inputValue()).toBe("Mahikeng");
    expect(await main(shopper).getByLabel("Suburb (optional)").inputValue()).toBe("Golfview");
    expect(await main(shopper).getByLabel("Province").inputValue()).toBe("NW");
    expect(await main(shopper).getByLabel("Delivery Contact Mobile (optional)").inputValue()).toBe(
      "072 555 0199",
    );
    expect(await main(shopper).getByLabel("Access Instructions (optional)").inputValue()).toBe(
      "Ring at the second gate",
    );

    // The address book with a form's messages showing, in both themes.
    await sendWrongPostalCode(shopper);
    expect(await findingsInBothThemes(shopper, sendWrongPostalCode)).toEqual([]);

    await shopper.goto("/account");
    await main(shopper).getByRole("button", { name: "Sign out" }).click();
    await shopper.waitForURL((url) => url.pathname === "/");
    await shopper.goto("/account");
    expect(new URL(shopper.url()).pathname).toBe("/account/sign-in");

    // Forgot the password: the e-mailed link leads to the account's own reset page.
    await main(shopper).getByRole("link", { name: "Forgot password?" }).click();
    await shopper.waitForURL("**/account/forgot");
    await waitForHydration(shopper);
    await main(shopper).getByLabel("Email").fill(email);
    await main(shopper).getByRole("button", { name: "Send reset link" }).click();
    await main(shopper).getByText("Check your e-mail").waitFor();
    const mail = (await outboxMessages())
      .filter((m) => m.to.includes(email) && m.subject.includes("Reset"))
      .at(-1);
    const link = mail?.text.match(/https?:\/\/\S+\/account\/reset\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    await shopper.goto(new URL(link!).pathname + new URL(link!).search);
    await waitForHydration(shopper);
    await main(shopper).getByLabel("New password (at least 6 characters)").fill("new-sleep-8");
    await main(shopper).getByLabel("Confirm new password").fill("new-sleep-8");
    await main(shopper).getByRole("button", { name: "Set new password" }).click();
    await shopper.waitForURL("**/account/sign-in?reset=done");
    await main(shopper).getByText("Password updated").waitFor();
  });
});
