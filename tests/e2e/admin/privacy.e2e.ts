import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { main, useBrowser, waitForHydration } from "../browser";
import { signUpAndSignIn } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PERSON = "naledi.privacy@example.com";

async function sendContactMessage(page: Page) {
  await page.goto("/contact");
  await waitForHydration(page);
  await main(page).getByLabel("First Name").fill("Naledi");
  await main(page).getByLabel("Last Name").fill("Khumalo");
  await main(page).getByLabel("Email").fill(PERSON);
  await main(page).getByLabel("Subject").fill("Headboard fabric");
  await main(page).getByLabel("Message").fill("Which colours does the grey headboard come in?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByText("Message Sent!").waitFor();
}

async function search(page: Page, email: string) {
  await main(page).getByLabel("E-mail address").fill(email);
  await main(page).getByRole("button", { name: "Search" }).click();
}

const held = (page: Page) => main(page).getByRole("heading", { name: /^Held about/ });

describe("privacy requests", () => {
  it("finds, downloads, corrects and erases what the shop holds about a person", async () => {
    const shopper = await browser.newPage(DESKTOP);
    await sendContactMessage(shopper);
    await signUpAndSignIn(shopper, "Naledi Khumalo", PERSON);

    const page = await browser.newPage({ ...DESKTOP, acceptDownloads: true });
    await signInAsOwner(page);
    await page.getByRole("link", { name: "Privacy Requests" }).click();
    await page.waitForURL(/\/admin\/privacy$/);
    await waitForHydration(page);

    // A wrong address is answered next to the field.
    await search(page, "naledi@");
    await expect
      .poll(() => main(page).getByText("Please enter a valid email address.").count())
      .toBeGreaterThan(0);

    await search(page, PERSON.toUpperCase());
    await held(page).waitFor();
    const findings = main(page).locator("dl");
    expect(await findings.innerText()).toMatch(/Contact messages\s+1/);
    expect(await findings.innerText()).toMatch(/Shopper account\s+1/);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      main(page).getByRole("button", { name: "Download everything (JSON)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^personal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await fs.readFile((await download.path())!, "utf8")) as {
      email: string;
      messages: { subject: string }[];
    };
    expect(exported.email).toBe(PERSON);
    expect(exported.messages.map((m) => m.subject)).toEqual(["Headboard fabric"]);

    await main(page).getByLabel("Last name").fill("Khumalo-Dube");
    await main(page).getByRole("button", { name: "Save corrections" }).click();
    await toast(page, "Details Corrected").waitFor();

    // Light and dark: no serious accessibility finding with the findings and forms open.
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.evaluate((dark) => {
        const root = document.documentElement;
        if (root.dataset.theme === "system") root.classList.toggle("dark", dark);
      }, colorScheme === "dark");
      expect(await seriousA11yViolations(page), colorScheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });

    // The erasure asks for the address again, then reports what went.
    await main(page).getByRole("button", { name: "Erase" }).click();
    await main(page).getByText("Type the same address to confirm the erasure.").waitFor();
    await main(page).getByLabel("Type the address again to erase").fill(PERSON);
    await main(page).getByRole("button", { name: "Erase" }).click();
    await toast(page, "Personal Data Erased").waitFor();
    await main(page).getByRole("heading", { name: "Erased" }).waitFor();
    expect(await main(page).getByText("Contact messages: 1").count()).toBe(1);
    expect(await main(page).getByText("Shopper account: 1").count()).toBe(1);

    await search(page, PERSON);
    await toast(page, "Search Complete").last().waitFor();
    await expect.poll(() => main(page).locator("dl").innerText()).toMatch(/Contact messages\s+0/);
    expect(await main(page).getByRole("button", { name: "Erase" }).count()).toBe(0);

    // The shopper's account is gone: their session ended and their password opens nothing.
    await shopper.goto("/account");
    await shopper.waitForURL(/\/account\/sign-in$/);
    await main(shopper).getByLabel("Email").fill(PERSON);
    await main(shopper).getByLabel("Password").fill("sleep-well-7");
    await main(shopper).getByRole("button", { name: "Sign in" }).click();
    await main(shopper).getByRole("alert").waitFor();
    expect(shopper.url()).toMatch(/\/account\/sign-in/);
  });
});
