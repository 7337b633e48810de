import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADD_ON_TEXT } from "~/domain/orders/add-ons";
import { shopToday } from "~/lib/dates";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { findingsInBothThemes } from "../axe";
import { PHONE, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { DEMO_OWNER, signInAsOwner, toast } from "./admin-session";

/*
 * The driver's phone needs a run for today, and no one can book today's date (the earliest day
 * is after the zone's lead days). So this journey runs a shop of its own: shoppers buy two beds
 * there, the shop is stopped, their bookings are moved to today and put on a run of the demo
 * owner's in its database, and the shop is started again on the same data.
 */

const browser = useBrowser();
const TRUCK = "ND 390-PHN";
const ADD_ON_LABELS = [ADD_ON_TEXT.removal.label, ADD_ON_TEXT.assembly.label];
const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", FORM_RATE_LIMIT: "50" });
let dataDir = "";
let shop: RunningShop | undefined;
const orders: number[] = [];

/** Today's run of the demo owner with the orders' deliveries on it, in the stopped shop's data. */
async function putOnTodaysRun(numbers: number[]) {
  const client = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    extensions: { pg_trgm },
  });
  try {
    const today = shopToday();
    // The days' drop counts are left as they were: this journey reads the run, not the days.
    await client.query(
      `update delivery_bookings set day = $1
       where order_id in (select id from orders where number = any($2::int[]))`,
      [today, numbers],
    );
    const run = await client.query<{ id: number }>(
      `insert into delivery_runs (day, driver_id, truck)
       select $1, id, $2 from users where email = $3 returning id`,
      [today, TRUCK, DEMO_OWNER.email],
    );
    for (const [i, number] of numbers.entries()) {
      await client.query(
        `insert into delivery_run_stops (run_id, booking_id, position)
         select $1, b.id, $3 from delivery_bookings b join orders o on o.id = b.order_id
         where o.number = $2`,
        [run.rows[0]!.id, number, i + 1],
      );
    }
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-driver-"));
  const first = await startShop({ env: env(), seedIfEmpty: true });
  try {
    const shopper = await browser.newPage({ baseURL: first.url });
    for (const email of [
      "driver.online@example.com",
      "driver.offline@example.com",
      "driver.paper@example.com",
      "driver.missed@example.com",
    ]) {
      // The first shopper also asks for both add-ons, which the driver's stop lists.
      const addOns = orders.length === 0 ? ADD_ON_LABELS : [];
      orders.push(
        await placePaidOrder(shopper, "classic-spring-bed", "queen", email, {
          day: "last",
          addOns,
        }),
      );
    }
    await shopper.context().close();
  } finally {
    await first.stop();
  }
  await putOnTodaysRun(orders);
  shop = await startShop({ env: env(), seedIfEmpty: true });
}, 600_000);

afterAll(async () => {
  await shop?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function myRun() {
  const page = await browser.newPage({ ...PHONE, baseURL: shop!.url });
  await signInAsOwner(page);
  await page.goto("/admin/deliveries/my-run");
  await waitForHydration(page);
  await page.getByRole("heading", { name: "My Run Today" }).waitFor();
  return page;
}

const stopOf = (page: Page, number: number) =>
  page.getByTestId("driver-stop").filter({ hasText: `#${number}` });

/** Opens the stop's Delivered form, writes the receiver's name and signs with the mouse. */
async function signFor(page: Page, stop: Locator, name: string) {
  await stop.locator("summary").first().click();
  await stop.getByLabel("Received by (name)").fill(name);
  const pad = stop.getByTestId("signature-pad");
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 12),
      box.y + box.height * (i % 2 ? 0.3 : 0.7),
      { steps: 3 },
    );
  }
  await page.mouse.up();
}

describe("the driver's phone", () => {
  it("opens today's run, starts it, and records a stop delivered with a signature the order's page shows", async () => {
    const [number] = orders;
    const page = await myRun();
    const findings = await findingsInBothThemes(page, async (dark) => {
      await dark.goto("/admin/deliveries/my-run");
      await waitForHydration(dark);
      await dark.getByRole("heading", { name: "My Run Today" }).waitFor();
    });
    expect(findings).toEqual([]);

    const run = page.getByTestId("driver-run").filter({ hasText: TRUCK });
    await expect.poll(() => run.getByText("Your run").count()).toBe(1);
    const stop = stopOf(page, number!);
    expect(await stop.textContent()).toContain(
      `To do: ${ADD_ON_TEXT.removal.short}, ${ADD_ON_TEXT.assembly.short}`,
    );
    expect(await stop.textContent()).toContain("To collect: ");
    expect(await stop.getByRole("link", { name: /^Call / }).getAttribute("href")).toMatch(/^tel:/);
    expect(await stop.getByRole("link", { name: /^Map/ }).getAttribute("href")).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/,
    );

    await run.getByRole("button", { name: /Start run/ }).click();
    await toast(page, "Out for Delivery").waitFor();
    await expect.poll(() => stop.getByText("Out for delivery").count()).toBe(1);

    await signFor(page, stop, "Lerato Mokoena");
    await stop.getByRole("button", { name: `Delivered: order #${number}` }).click();
    await toast(page, "Delivered").waitFor();
    await expect.poll(() => stop.textContent()).toContain("Received by Lerato Mokoena");

    await page.goto(`/admin/orders/${number}`);
    const proofs = page.getByTestId("delivery-proofs");
    await proofs.waitFor();
    expect(await proofs.textContent()).toContain("Received by Lerato Mokoena");
    const signature = proofs.getByRole("img", { name: "Signature of Lerato Mokoena" });
    await expect
      .poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await page.getByTestId("order-stage").textContent()).toMatch(/^Delivered on /);
  });

  it("without JavaScript, records a stop signed on the paper run sheet and another not delivered, refusing a proof with neither signature", async () => {
    const [, , paper, missed] = orders;
    const page = await browser.newPage({
      ...PHONE,
      baseURL: shop!.url,
      javaScriptEnabled: false,
    });
    await page.goto("/admin-login");
    await page.getByLabel("Email").fill(DEMO_OWNER.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/admin$/);
    await page.goto("/admin/deliveries/my-run");

    // A name but no signature, drawn or on paper: refused next to the signature, nothing saved.
    let stop = stopOf(page, paper!);
    await stop.locator("summary").first().click();
    await stop.getByLabel("Received by (name)").fill("Thabo Molefe");
    await stop.getByRole("button", { name: `Delivered: order #${paper}` }).click();
    await page.getByRole("heading", { name: "My Run Today" }).waitFor();
    stop = stopOf(page, paper!);
    await stop.getByText(/tick .Signed on the paper run sheet./).waitFor();
    expect(await stop.textContent()).not.toContain("Received by Thabo");

    await stop.getByLabel("Received by (name)").fill("Thabo Molefe");
    await stop.getByLabel("Signed on the paper run sheet instead").check();
    await stop.getByRole("button", { name: `Delivered: order #${paper}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Delivered/ })
      .waitFor();
    await expect
      .poll(() => stopOf(page, paper!).textContent())
      .toContain("Received by Thabo Molefe");

    stop = stopOf(page, missed!);
    await stop.locator("summary").nth(1).click();
    await stop.getByLabel("Why not").selectOption({ label: "Nobody home" });
    await stop.getByRole("button", { name: `Not delivered: order #${missed}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: /Not Delivered/ })
      .waitFor();
    await expect.poll(() => stopOf(page, missed!).textContent()).toContain("Nobody home");

    await page.goto(`/admin/orders/${paper}`);
    expect(await page.getByTestId("delivery-proofs").textContent()).toContain(
      "Received by Thabo Molefe, signed on the paper run sheet.",
    );
    await page.goto(`/admin/orders/${missed}`);
    expect(await page.getByTestId("delivery-proofs").textContent()).toContain("Nobody home");
  });

  it("keeps a proof on the phone while offline and sends it once when back online", async () => {
    const [, number] = orders;
    const page = await myRun();
    const stop = stopOf(page, number!);
    await signFor(page, stop, "Sipho Dlamini");
    await page.context().setOffline(true);
    await stop.getByRole("button", { name: `Delivered: order #${number}` }).click();
    await stop.getByText(/Saved on this phone/).waitFor();

    await page.context().setOffline(false);
    await toast(page, "Delivered").waitFor();
    await expect.poll(() => stop.textContent()).toContain("Received by Sipho Dlamini");

    await page.goto(`/admin/orders/${number}`);
    await page.getByTestId("delivery-proofs").waitFor();
    expect(await page.getByTestId("delivery-proof").count()).toBe(1);
    expect(await page.getByTestId("delivery-proofs").textContent()).toContain(
      "Received by Sipho Dlamini",
    );
  });
});
