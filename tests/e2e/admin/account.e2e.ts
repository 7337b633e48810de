import { describe, expect, it } from "vitest";
import { main, useBrowser, waitForHydration } from "../browser";
import { announcedFieldErrors } from "../forms";
import { tabTo } from "../keyboard";
import { placePaidOrder } from "../shopper";
import { DEMO_OWNER, signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** A new account made on /auth and given the staff role by the owner on the Team page. */
async function newStaffMember(): Promise<{ email: string; password: string }> {
  const email = `my-account-${Date.now()}@example.com`;
  const password = "staff-pass-1";
  const page = await browser.newPage(DESKTOP);
  await page.goto("/auth");
  await waitForHydration(page);
  await page.getByRole("tab", { name: "Create Account" }).click();
  const panel = page.getByRole("tabpanel", { name: "Create Account" });
  await panel.getByLabel("Email").fill(email);
  await panel.getByLabel("Password").fill(password);
  await panel.getByRole("button", { name: "Create Account" }).click();
  await toast(page, "Check your e-mail").waitFor();

  const owner = await browser.newPage(DESKTOP);
  await signInAsOwner(owner);
  await owner.goto("/admin/team");
  await waitForHydration(owner);
  await owner.getByLabel(`Role of ${email}`).selectOption("staff");
  await owner.getByTestId("team-row").filter({ hasText: email }).getByRole("button").click();
  await toast(owner, "Role Updated").waitFor();
  return { email, password };
}

describe("signing in returns to the page asked for", () => {
  it("after the session ended, an order's link goes through the staff sign-in page to that order, by keyboard", async () => {
    const shopper = await browser.newPage();
    const number = await placePaidOrder(
      shopper,
      "backcare-spring-bed",
      "queen",
      "deep-link@example.com",
    );

    // The owner was signed in, and signed out (the session ended).
    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL(/\/admin-login$/);

    // The "New paid order" e-mail's link.
    await page.goto(`/admin/orders/${number}`);
    const url = new URL(page.url());
    expect(url.pathname).toBe("/admin-login");
    expect(url.searchParams.get("next")).toBe(`/admin/orders/${number}`);
    await waitForHydration(page);
    await page.getByRole("heading", { name: "Admin Portal" }).waitFor();
    expect(await page.getByText("Create Account").count()).toBe(0);

    const email = page.getByLabel("Email");
    await tabTo(page, email);
    await page.keyboard.type(DEMO_OWNER.email);
    await page.keyboard.press("Tab");
    await page.keyboard.type(DEMO_OWNER.password);
    await page.keyboard.press("Enter");
    await page.waitForURL(`**/admin/orders/${number}`);
    await main(page)
      .getByRole("heading", { name: `Order #${number}` })
      .waitFor();
  });

  it("a page address from elsewhere is not followed: signing in opens the dashboard", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(`/admin-login?next=${encodeURIComponent("//evil.example/admin")}`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(DEMO_OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
  });
});

describe("My account", () => {
  it("changes the password with clear messages by the fields, and signs out the other devices", async () => {
    const { email, password } = await newStaffMember();
    const signIn = async (withPassword: string) => {
      const page = await browser.newPage(DESKTOP);
      await page.goto("/admin-login?next=%2Fadmin%2Faccount");
      await waitForHydration(page);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password", { exact: true }).fill(withPassword);
      await page.getByRole("button", { name: "Sign In" }).click();
      return page;
    };
    const phone = await signIn(password);
    await phone.waitForURL("**/admin/account");
    const page = await signIn(password);
    await page.waitForURL("**/admin/account");
    await waitForHydration(page);
    expect(await page.getByTestId("other-sessions").textContent()).toContain(
      "signed in on 1 other device",
    );

    const form = main(page).getByRole("form", { name: "Password" });
    const current = form.getByLabel("Current Password");
    const fresh = form.getByLabel("New Password", { exact: true });
    const confirm = form.getByLabel("Confirm New Password");
    const update = form.getByRole("button", { name: "Update Password" });

    // Too short, then not the same: said by the fields before anything is sent.
    await tabTo(page, current);
    await page.keyboard.type(password);
    await page.keyboard.press("Tab");
    await page.keyboard.type("abc");
    await page.keyboard.press("Tab");
    await page.keyboard.type("abc");
    await page.keyboard.press("Enter");
    await form.getByText("Password must be at least 6 characters").waitFor();
    expect(await announcedFieldErrors(form)).toEqual([
      {
        field: "New Password",
        message: "6 to 128 characters. Password must be at least 6 characters",
      },
    ]);
    await fresh.fill("staff-pass-2");
    await confirm.fill("staff-pass-3");
    await update.click();
    await form.getByText("The passwords do not match").waitFor();
    expect(await announcedFieldErrors(form)).toEqual([
      { field: "Confirm New Password", message: "The passwords do not match" },
    ]);

    // A wrong current password: said by its field, from the server.
    await current.fill("not-my-password");
    await fresh.fill("staff-pass-2");
    await confirm.fill("staff-pass-2");
    await update.click();
    await form.getByText("That password is not right.").waitFor();
    expect(await announcedFieldErrors(form)).toEqual([
      { field: "Current Password", message: "That password is not right." },
    ]);

    await current.fill(password);
    await fresh.fill("staff-pass-2");
    await confirm.fill("staff-pass-2");
    await update.click();
    await main(page).getByText("You were signed out everywhere else (1 other session).").waitFor();
    expect(await current.inputValue()).toBe("");

    // This browser is still signed in; the other one is not.
    await page.goto("/admin/orders");
    expect(new URL(page.url()).pathname).toBe("/admin/orders");
    await phone.goto("/admin/orders");
    expect(new URL(phone.url()).pathname).toBe("/admin-login");

    // Signed in again elsewhere with the new password, then signed out from here.
    const tablet = await signIn("staff-pass-2");
    await tablet.waitForURL("**/admin/account");
    await page.goto("/admin/account");
    await waitForHydration(page);
    const devices = main(page).getByRole("form", { name: "Other Devices" });
    await devices.getByLabel("Current Password").fill("staff-pass-2");
    await devices.getByRole("button", { name: "Sign Out of Other Devices" }).click();
    await toast(page, "Other Devices Signed Out").waitFor();
    await tablet.goto("/admin/orders");
    expect(new URL(tablet.url()).pathname).toBe("/admin-login");
    await page.goto("/admin/orders");
    expect(new URL(page.url()).pathname).toBe("/admin/orders");
  });
});
