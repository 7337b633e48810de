import fs from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pdfToText } from "../../setup/pdf-text";
import { findingsInBothThemes } from "../axe";
import { PHONE, useBrowser, waitForHydration } from "../browser";
import { tabTo } from "../keyboard";
import { placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "./admin-session";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const TRUCK = "ND 204-577";

/**
 * A paid order bought through the demo gateway; its number and the day booked at checkout. The
 * shop is shared with other journeys, which book the first day offered and may fill it: these
 * orders take the last day offered, or the day given.
 */
async function bookedOrder(email: string, wanted = "last", addOns: string[] = []) {
  const shopper = await browser.newPage();
  const number = await placePaidOrder(shopper, "classic-spring-bed", "queen", email, {
    day: wanted,
    addOns,
  });
  const day = await shopper.locator('input[name="deliveryDay"]:checked').inputValue();
  await shopper.close();
  return { number, day };
}

const ourRun = (page: Page) => page.getByTestId("delivery-run").filter({ hasText: TRUCK });
const stops = (page: Page) => ourRun(page).getByTestId("run-stop");

async function putOnRun(page: Page, number: number) {
  const choice = page.getByLabel(`Run for order #${number}`);
  const run = await choice.locator("option", { hasText: TRUCK }).getAttribute("value");
  await choice.selectOption(run!);
  await page.getByRole("button", { name: `Put on the run: order #${number}` }).click();
  await toast(page, "Stop Added").waitFor();
  await stops(page)
    .filter({ hasText: `#${number}` })
    .waitFor();
}

describe("delivery runs in the back office", () => {
  it("staff put paid, booked orders on a new run, move a stop by keyboard and download the run sheet", async () => {
    const first = await bookedOrder("runs.first@example.com");
    // The second shopper asks for the old bed to be taken away and the new one assembled.
    const second = await bookedOrder("runs.second@example.com", first.day, [
      "Take away my old mattress or bed",
      "Assemble my new bed",
    ]);
    expect(second.day, "both orders booked on one day").toBe(first.day);

    const page = await browser.newPage(DESKTOP);
    await signInAsOwner(page);
    await page.goto(`/admin/deliveries?day=${first.day}`);
    await waitForHydration(page);

    // A new run: a driver from the staff and the truck.
    await page.getByRole("button", { name: "New run" }).click();
    const dialog = page.getByRole("dialog", { name: "New delivery run" });
    await dialog.getByLabel("Driver").selectOption({ index: 1 });
    await dialog.getByLabel("Truck").fill(TRUCK);
    await dialog.getByRole("button", { name: "Create Run" }).click();
    await toast(page, "Run Created").waitFor();
    await ourRun(page).waitFor();

    await putOnRun(page, first.number);
    await putOnRun(page, second.number);
    expect(await stops(page).first().textContent()).toContain(`#${first.number}`);

    // By keyboard: the second stop goes up; focus stays on that stop's buttons.
    // (Focus starts on the first stop's Down: the button last pressed has left the page.)
    const up = page.getByRole("button", { name: `Move order #${second.number} up` });
    await page.getByRole("button", { name: `Move order #${first.number} down` }).focus();
    await tabTo(page, up);
    await page.keyboard.press("Enter");
    await toast(page, "Stop Moved").waitFor();
    await page.waitForFunction(
      (n) =>
        document
          .querySelector('[data-testid="delivery-run"] [data-testid="run-stop"]')
          ?.textContent?.includes(`#${n}`),
      second.number,
    );
    expect(await stops(page).first().textContent()).toContain(`#${second.number}`);
    // First now, its Up is disabled: focus is on its Down, in the moved stop.
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(
      `Move order #${second.number} down`,
    );

    // The run sheet: the stops in the run's order, each with its customer and address.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      ourRun(page).getByRole("link", { name: "Run sheet (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^run-${first.day}-\\d+\\.pdf$`));
    // The address runs on as one line, which may break anywhere: read as one run of words.
    const text = (await pdfToText(await fs.readFile((await download.path())!))).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain(TRUCK);
    expect(text).toContain("Lerato Dlamini");
    expect(text).toContain("7 Buiten Street");
    expect(text).toContain("Lichtenburg 2740");
    // The second stop's add-ons, for the crew; the first stop has none.
    const secondStop = text.slice(
      text.indexOf(`Order #${second.number}`),
      text.indexOf(`Order #${first.number}`),
    );
    expect(secondStop).toContain("Take away old mattress");
    expect(secondStop).toContain("Assemble");
    expect(text.split("Take away old mattress").length - 1).toBe(1);
    expect(text.indexOf(`Order #${second.number}`)).toBeLessThan(
      text.indexOf(`Order #${first.number}`),
    );

    const address = page.url().replace(/^https?:\/\/[^/]+/, "");
    const findings = await findingsInBothThemes(page, async (dark) => {
      await dark.goto(address);
      await waitForHydration(dark);
      await dark.getByTestId("delivery-run").first().waitFor();
    });
    expect(findings).toEqual([]);
    // Two checkouts through the demo gateway, then the back office: longer than one page's test.
  }, 180_000);

  it("the day view with its runs fits a 390 px phone without sideways scrolling", async () => {
    const page = await browser.newPage(PHONE);
    await signInAsOwner(page);
    // The day the first journey's run is on, when it ran first; else today's view.
    await page.goto("/admin/deliveries");
    await waitForHydration(page);
    for (let step = 0; step < 7 && (await page.getByTestId("delivery-run").count()) === 0; step++) {
      await page.getByRole("link", { name: "Next day" }).click();
      await page.waitForURL(/day=/);
      await waitForHydration(page);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
