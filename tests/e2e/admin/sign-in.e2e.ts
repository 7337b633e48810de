import { describe, expect, it } from "vitest";
import { outboxMessages, useBrowser, waitForHydration } from "../browser";
import { DEMO_OWNER, signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();

describe("staff sign-in", () => {
  it("sends a signed-out visitor from /admin to the staff sign-in page, without Create Account", async () => {
    const page = await browser.newPage();
    await page.goto("/admin/products");
    const url = new URL(page.url());
    expect(url.pathname).toBe("/admin-login");
    expect(url.searchParams.get("next")).toBe("/admin/products");
    await page.getByRole("heading", { name: "Admin Portal" }).waitFor();
    expect(await page.getByText("Create Account").count()).toBe(0);
  });

  it("a new account can sign in but sees that it has no access", async () => {
    const page = await browser.newPage();
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Create Account" }).click();
    const panel = page.getByRole("tabpanel", { name: "Create Account" });
    await panel.getByLabel("Email").fill("not-an-email");
    await panel.getByLabel("Password").fill("123");
    await panel.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Validation Error").waitFor();
    expect(await toast(page, "Validation Error").textContent()).toContain("Invalid email address");

    await panel.getByLabel("Email").fill("shopper@example.com");
    await panel.getByLabel("Password").fill("shopper-pass");
    await panel.getByRole("button", { name: "Create Account" }).click();
    const sent = "We sent an e-mail to shopper@example.com with what to do next";
    await toast(page, "Check your e-mail").filter({ hasText: sent }).waitFor();

    // An address with an account gets the same answer (its owner is e-mailed instead).
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Create Account" }).click();
    await panel.getByLabel("Email").fill("shopper@example.com");
    await panel.getByLabel("Password").fill("other-pass");
    await panel.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Check your e-mail").filter({ hasText: sent }).waitFor();

    await page.getByRole("tab", { name: "Sign In" }).click();
    const signIn = page.getByRole("tabpanel", { name: "Sign In" });
    await signIn.getByLabel("Email").fill("shopper@example.com");
    await signIn.getByLabel("Password").fill("shopper-pass");
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "No access to the back office" }).waitFor();
    expect(await page.getByText("Admin Panel").count()).toBe(0);
    const response = await page.goto("/admin/orders");
    expect(response?.status()).toBe(403);
  });

  it("the owner signs in at /auth and lands on the dashboard", async () => {
    const page = await browser.newPage();
    await page.goto("/auth");
    await waitForHydration(page);
    const signIn = page.getByRole("tabpanel", { name: "Sign In" });
    await signIn.getByLabel("Email").fill(DEMO_OWNER.email);
    await signIn.getByLabel("Password").fill(DEMO_OWNER.password);
    // /auth is served from the table of routes without the back office's: the page learns the
    // back office's routes from the manifest of routes, and goes there without a page load.
    const documents: string[] = [];
    const manifests: number[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    page.on("response", (response) => {
      if (new URL(response.url()).pathname === "/__manifest") manifests.push(response.status());
    });
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole("heading", { name: "Dashboard" }).waitFor();
    await page.getByText("Admin Panel").waitFor();
    expect(documents).toEqual([]);
    expect(manifests).toContain(200);
    // With a session, /auth goes straight on to /admin.
    await page.goto("/auth");
    expect(new URL(page.url()).pathname).toBe("/admin");
  });

  it("the Admin Portal shows its messages and refuses a wrong password", async () => {
    const page = await browser.newPage();
    await page.goto("/admin-login");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    const form = page.locator("form");
    await form.getByText("Email is required").waitFor();
    await form.getByText("Password must be at least 6 characters").waitFor();
    await page.getByLabel("Email").fill("a");
    expect(await form.getByText("Email is required").count()).toBe(0);
    expect(await form.getByText("Password must be at least 6 characters").count()).toBe(1);

    const password = page.getByLabel("Password", { exact: true });
    await password.fill("wrong-password");
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");

    await page.getByLabel("Email").fill(DEMO_OWNER.email);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.locator("form").getByText("Invalid credentials. Please try again.").waitFor();
    await page.getByText("All login attempts are monitored").waitFor();

    await password.fill(DEMO_OWNER.password);
    await page.getByLabel("Remember me").check();
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.includes("session_token"));
    expect(session?.httpOnly).toBe(true);
    expect(session?.expires).toBeGreaterThan(Date.now() / 1000 + 86_400);
  });

  it("resets a forgotten password through the e-mailed link (a customer's leads to their account)", async () => {
    const page = await browser.newPage();
    await page.goto("/auth");
    await waitForHydration(page);
    await page.getByRole("tab", { name: "Create Account" }).click();
    const panel = page.getByRole("tabpanel", { name: "Create Account" });
    await panel.getByLabel("Email").fill("forgetful@example.com");
    await panel.getByLabel("Password").fill("first-password");
    await panel.getByRole("button", { name: "Create Account" }).click();
    await toast(page, "Check your e-mail").waitFor();

    await page.goto("/admin-login");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot password?" }).waitFor();
    await page.getByLabel("Email").fill("forgetful@example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Check your e-mail").first().waitFor();

    const mail = (await outboxMessages()).findLast((m) => m.to.includes("forgetful@example.com"));
    // The account has no staff role, so the link leads to the shopper's reset page.
    const link = mail?.text.match(/https?:\/\/\S+\/account\/reset\?token=\S+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await waitForHydration(page);
    await page.getByLabel("New password (at least 6 characters)").fill("second-password");
    await page.getByLabel("Confirm new password").fill("second-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await page.waitForURL(/\/account\/sign-in\?reset=done$/);

    await page.goto("/admin-login");
    await waitForHydration(page);
    await page.getByLabel("Email").fill("forgetful@example.com");
    await page.getByLabel("Password", { exact: true }).fill("second-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: "No access to the back office" }).waitFor();
  });
});

describe("the admin shell", () => {
  it("keeps the sidebar state in a cookie, toggles with Ctrl+B and signs out", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signInAsOwner(page);
    const sidebar = page.getByTestId("admin-sidebar");
    expect(await sidebar.getAttribute("data-state")).toBe("expanded");
    const width = (w: number) =>
      page.waitForFunction(
        (w) =>
          document.querySelector("[data-testid=admin-sidebar]")?.getBoundingClientRect().width ===
          w,
        w,
      );
    await width(256);
    // Every section of the specification's menu is a working page now.
    for (const name of ["Reports", "Settings", "Invoices", "Promotions"]) {
      await page.getByRole("link", { name, exact: true }).waitFor();
    }

    await page.keyboard.press("Control+b");
    expect(await sidebar.getAttribute("data-state")).toBe("collapsed");
    await width(48);
    const cookie = (await page.context().cookies()).find((c) => c.name === "admin_sidebar");
    expect(cookie?.value).toBe("collapsed");
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(6.9 * 86_400);

    await page.reload();
    await waitForHydration(page);
    expect(await page.getByTestId("admin-sidebar").getAttribute("data-state")).toBe("collapsed");
    await page.getByRole("button", { name: "Toggle Sidebar" }).click();
    expect(await page.getByTestId("admin-sidebar").getAttribute("data-state")).toBe("expanded");

    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL(/\/admin-login$/);
    await page.goto("/admin");
    expect(new URL(page.url()).pathname).toBe("/admin-login");
  });
});
