import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDeliveryDay } from "~/domain/delivery/day-names";
import { shopToday } from "~/lib/dates";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { DEMO_OWNER, signInAsOwner, toast as staffToast } from "../admin/admin-session";
import { findingsInBothThemes } from "../axe";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { checkoutWith, completeOrder, fillDetails, signUpAndSignIn, toast } from "../shopper";

/*
 * "Delivered on Thursday 10 December" is the day a driver had it signed for, and the driver's
 * phone needs a run for today, which no one can book (the earliest day is after the zone's lead
 * days). So this journey runs a shop of its own, as the driver's does: a shopper with an account
 * buys two beds there, the shop is stopped, the order's booking is moved to today on a run of the
 * demo owner's in its database, and the shop is started again on the same data.
 */

const browser = useBrowser();
const EMAIL = "delivered.buyer@example.com";
const PASSWORD = "sleep-well-7";
const BEDS = [
  { slug: "classic-spring-bed", title: "Edblo Classic Spring Bed" },
  { slug: "backcare-spring-bed", title: "Simmons Backcare Spring Bed" },
];
const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", FORM_RATE_LIMIT: "50" });
let dataDir = "";
let shop: RunningShop | undefined;
let orderNumber = 0;

/** Today's run of the demo owner with the order's delivery on it, in the stopped shop's data. */
async function putOnTodaysRun(number: number) {
  const client = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    extensions: { pg_trgm },
  });
  try {
    const today = shopToday();
    await client.query(
      `update delivery_bookings set day = $1
       where order_id = (select id from orders where number = $2)`,
      [today, number],
    );
    const run = await client.query<{ id: number }>(
      `insert into delivery_runs (day, driver_id, truck)
       select $1, id, 'ND 390-DLV' from users where email = $2 returning id`,
      [today, DEMO_OWNER.email],
    );
    await client.query(
      `insert into delivery_run_stops (run_id, booking_id, position)
       select $1, b.id, 1 from delivery_bookings b join orders o on o.id = b.order_id
       where o.number = $2`,
      [run.rows[0]!.id, number],
    );
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-delivered-"));
  const first = await startShop({ env: env(), seedIfEmpty: true });
  try {
    // Signed in, the order is the account's from the start.
    const shopper = await browser.newPage({ baseURL: first.url });
    await signUpAndSignIn(shopper, "Naledi Khumalo", EMAIL);
    await shopper.goto(`/products/${BEDS[0]!.slug}?size=queen`);
    await waitForHydration(shopper);
    await main(shopper).getByRole("button", { name: "Add to Cart" }).first().click();
    await toast(shopper, "Added to Cart").waitFor();
    await checkoutWith(shopper, BEDS[1]!.slug, "queen");
    await fillDetails(shopper, EMAIL);
    await main(shopper).getByLabel("PayFast instant EFT").check();
    await main(shopper)
      .getByLabel(/I agree to the/)
      .check();
    await completeOrder(shopper);
    await shopper.waitForURL("**/demo-gateway?**");
    await shopper.getByRole("button", { name: "Approve payment" }).click();
    // Paid, a signed-in shopper is back on the order's page in their account.
    await shopper.waitForURL(/\/account\/orders\/\d+$/);
    orderNumber = Number(/\/account\/orders\/(\d+)$/.exec(shopper.url())![1]);
    await shopper.context().close();
  } finally {
    await first.stop();
  }
  await putOnTodaysRun(orderNumber);
  shop = await startShop({ env: env(), seedIfEmpty: true });
}, 600_000);

afterAll(async () => {
  await shop?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** How far the page scrolls sideways (0 when it fits the screen). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("a delivered order in the shopper's account", () => {
  it("on a 390 px phone: headed by its delivery day and who signed, a review link per bed, nothing to pay and no day to change", async () => {
    // The driver starts today's run and records the order signed for on the paper run sheet.
    const driver = await browser.newPage({ ...PHONE, baseURL: shop!.url });
    await signInAsOwner(driver);
    await driver.goto("/admin/deliveries/my-run");
    await waitForHydration(driver);
    await driver.getByRole("button", { name: /Start run/ }).click();
    await staffToast(driver, "Out for Delivery").waitFor();
    const stop = driver.getByTestId("driver-stop").filter({ hasText: `#${orderNumber}` });
    await stop.locator("summary").first().click();
    await stop.getByLabel("Received by (name)").fill("Naledi Khumalo");
    await stop.getByLabel("Signed on the paper run sheet instead").check();
    await stop.getByRole("button", { name: `Delivered: order #${orderNumber}` }).click();
    await staffToast(driver, "Delivered").waitFor();

    // The shopper signs in on their phone and opens the order from their account.
    const page = await browser.newPage({ ...PHONE, baseURL: shop!.url });
    await page.goto("/account/sign-in");
    await waitForHydration(page);
    await main(page).getByLabel("Email").fill(EMAIL);
    await main(page).getByLabel("Password").fill(PASSWORD);
    await main(page).getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/account$/);
    await main(page)
      .getByRole("link", { name: `Order ${orderNumber}` })
      .click();
    await page.waitForURL(`**/account/orders/${orderNumber}`);
    await waitForHydration(page);

    const news = main(page).getByRole("status").filter({ hasText: "Delivered on" });
    const day = formatDeliveryDay(shopToday());
    expect(day).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/);
    expect(await news.getByText(/^Delivered on /).textContent()).toBe(`Delivered on ${day}`);
    expect(await news.textContent()).toContain("Received by Naledi Khumalo.");

    // Nothing to pay, no day to change: it is delivered.
    expect(await main(page).getByRole("button", { name: /^Pay/ }).count()).toBe(0);
    expect(
      await main(page)
        .getByText(/phone us to change the day/)
        .count(),
    ).toBe(0);
    expect(await main(page).getByTestId("order-delivery").count()).toBe(0);

    // A review link for each bed, each within the screen.
    const reviews = main(page).getByRole("link", { name: /^Write a review of / });
    expect(await reviews.count()).toBe(BEDS.length);
    for (const bed of BEDS) {
      const link = main(page).getByRole("link", { name: `Write a review of ${bed.title}` });
      expect(await link.getAttribute("href")).toBe(`/products/${bed.slug}/review`);
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    expect(await sideways(page), "the order page scrolls sideways").toBeLessThanOrEqual(0);
    const address = `/account/orders/${orderNumber}`;
    expect(
      await findingsInBothThemes(page, async (dark) => {
        await dark.goto(address);
        await waitForHydration(dark);
        await main(dark)
          .getByText(/^Delivered on /)
          .waitFor();
      }),
    ).toEqual([]);

    // The link leads to the bed's review form, which fits the phone too.
    await main(page)
      .getByRole("link", { name: `Write a review of ${BEDS[1]!.title}` })
      .click();
    await page.waitForURL(`**/products/${BEDS[1]!.slug}/review`);
    await waitForHydration(page);
    await main(page).getByRole("heading", { name: "Write a review" }).waitFor();
    await main(page).getByText(BEDS[1]!.title).first().waitFor();
    await main(page).getByRole("button", { name: "Send my review" }).waitFor();
    expect(await sideways(page), "the review form scrolls sideways").toBeLessThanOrEqual(0);
  }, 120_000);
});
