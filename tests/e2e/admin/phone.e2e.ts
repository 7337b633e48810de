import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PHONE, useBrowser, waitForHydration } from "../browser";
import { placePaidOrder } from "../shopper";
import { signInAsOwner } from "./admin-session";

const browser = useBrowser();
const TABLET = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };

/** Every back-office list: its first row's page is visited too. */
const LISTS = [
  "/admin/products",
  "/admin/inventory",
  "/admin/orders",
  "/admin/orders/layby",
  "/admin/customers",
  "/admin/deliveries/to-book",
  "/admin/deliveries/quotes",
  "/admin/delivery-zones",
  "/admin/enquiries/consultations",
  "/admin/enquiries/messages",
  "/admin/enquiries/subscribers",
  "/admin/reviews",
  "/admin/invoices",
  "/admin/promotions",
  "/admin/suppliers",
  "/admin/purchase-orders",
];

/** The pages that are not lists. */
const PAGES = [
  "/admin",
  "/admin/deliveries",
  "/admin/deliveries/my-run",
  "/admin/inventory/warehouses",
  "/admin/reports",
  "/admin/settings",
  "/admin/settings/notifications",
  "/admin/settings/notifications/preview/order-confirmation",
  "/admin/settings/security",
  "/admin/settings/appearance",
  "/admin/settings/integrations",
  "/admin/team",
  "/admin/audit-log",
  "/admin/privacy",
  "/admin/account",
  "/admin/products/new",
  "/admin/invoices/new",
  "/admin/purchase-orders/new",
];

async function open(page: Page, path: string) {
  const answer = await page.goto(path);
  expect(answer?.status(), path).toBe(200);
  await waitForHydration(page);
}

/**
 * What does not fit the screen: the page scrolling sideways, or any box in it (a table's
 * wrapper) scrolling sideways, named so a failure says where.
 */
function overflows(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width) {
      found.push(`page ${document.documentElement.scrollWidth} px wide`);
    }
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      const style = getComputedStyle(element);
      if (style.overflowX !== "auto" && style.overflowX !== "scroll") continue;
      if (element.scrollWidth > element.clientWidth + 1 && element.clientWidth > 0) {
        found.push(
          `${element.tagName.toLowerCase()}.${element.className.split(" ").slice(0, 3).join(".")} scrolls ${element.scrollWidth} in ${element.clientWidth}`,
        );
      }
    }
    return found;
  });
}

/** The first row of the page's list: whether all of it is within the screen's width. */
function firstRowFits(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector("main table tbody tr");
    if (!row) return null;
    const box = row.getBoundingClientRect();
    return box.left >= 0 && box.right <= window.innerWidth + 0.5;
  });
}

/**
 * The first row's own page (an order, an invoice, a product...), when its row links to one: not
 * a document or a picture (a PDF, a review's photo).
 */
function firstRowLink(page: Page) {
  return page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>(
      'main table tbody tr a[href^="/admin/"]:not([href*="/pdf"]):not([href*="/photos/"]):not([download])',
    );
    return link?.getAttribute("href") ?? null;
  });
}

/** Lists whose rows the demo shop (with the order placed below) always has, each linking a page. */
const LINKED = new Set([
  "/admin/products",
  "/admin/inventory",
  "/admin/orders",
  "/admin/customers",
  "/admin/enquiries/consultations",
  "/admin/invoices",
  "/admin/purchase-orders",
]);

type Session = Awaited<ReturnType<BrowserContext["storageState"]>>;
let signedIn: Session | undefined;

/** The owner's signed-in cookies, to open each page with. */
async function ownerSession(): Promise<Session> {
  const page = await browser.newPage(PHONE);
  await signInAsOwner(page);
  return page.context().storageState();
}

describe("the back office on a 390 px phone", () => {
  // Each address visited is judged by axe in the light and the dark theme at this size after
  // its test (useBrowser).
  beforeAll(async () => {
    const shopper = await browser.newPage(PHONE);
    await placePaidOrder(shopper, "classic-spring-bed", "double", "phone.owner@example.com", {
      day: "last",
    });
    signedIn = await ownerSession();
  });

  it.each(LISTS)("shows %s as cards that fit, and its first row's page", async (path) => {
    const page = await browser.newPage({ ...PHONE, storageState: signedIn });
    await open(page, path);
    expect(await overflows(page)).toEqual([]);
    expect(await firstRowFits(page)).not.toBe(false);
    const link = await firstRowLink(page);
    if (LINKED.has(path)) expect(link, `a row's page from ${path}`).not.toBeNull();
    if (!link) return;
    await open(page, link);
    expect(await overflows(page), link).toEqual([]);
  });

  it.each(PAGES)("shows %s without sideways scrolling", async (path) => {
    const page = await browser.newPage({ ...PHONE, storageState: signedIn });
    await open(page, path);
    expect(await overflows(page)).toEqual([]);
  });

  it("shows a list row's number, figure, status and named actions in view without scrolling sideways", async () => {
    const page = await browser.newPage({ ...PHONE, storageState: signedIn });
    await open(page, "/admin/promotions");
    const row = page.getByTestId("promotion-row").first();
    const code = (await row.locator("td").first().textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]+$/);
    // The card says each field's name before its value and keeps its actions on screen.
    const box = await row.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    for (const name of [`Edit ${code}`, new RegExp(`(Deactivate|Activate) ${code}`)]) {
      const action = row.getByRole("button", { name });
      const actionBox = await action.boundingBox();
      expect(actionBox!.x + actionBox!.width).toBeLessThanOrEqual(390);
      expect(actionBox!.height).toBeGreaterThanOrEqual(44);
    }
    const label = await row
      .locator("td[data-label='Status']")
      .evaluate((cell) => getComputedStyle(cell, "::before").content);
    expect(label).toBe('"Status"');
  });
});

describe("the reports on a 390 px phone", () => {
  it("draws the charts for the phone's width, their text at least 12 px tall", async () => {
    signedIn ??= await ownerSession();
    const page = await browser.newPage({ ...PHONE, storageState: signedIn });
    await open(page, "/admin/reports");
    // The charts are drawn at a desktop width on the server, then for their box once measured.
    const smallestText = () =>
      page.evaluate(() => {
        let smallest = Infinity;
        for (const svg of document.querySelectorAll<SVGSVGElement>("main figure svg")) {
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          for (const text of svg.querySelectorAll("text")) {
            smallest = Math.min(smallest, parseFloat(getComputedStyle(text).fontSize) * scale);
          }
        }
        return smallest;
      });
    await expect.poll(smallestText).toBeGreaterThanOrEqual(12);
    expect(await smallestText()).not.toBe(Infinity);
  });
});

describe("the back office on a 768 px tablet", () => {
  it.each(LISTS)(
    "shows %s as cards that fit beside the menu, and its first row's page",
    async (path) => {
      signedIn ??= await ownerSession();
      const page = await browser.newPage({ ...TABLET, storageState: signedIn });
      await open(page, path);
      expect(await overflows(page)).toEqual([]);
      expect(await firstRowFits(page)).not.toBe(false);
      const link = await firstRowLink(page);
      if (!link) return;
      await open(page, link);
      expect(await overflows(page), link).toEqual([]);
    },
  );

  it.each(PAGES)("shows %s beside the menu without sideways scrolling", async (path) => {
    signedIn ??= await ownerSession();
    const page = await browser.newPage({ ...TABLET, storageState: signedIn });
    await open(page, path);
    expect(await overflows(page)).toEqual([]);
  });
});
