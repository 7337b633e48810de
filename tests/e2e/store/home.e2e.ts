import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, main, PHONE, useBrowser, waitForHydration } from "../browser";

const browser = useBrowser();

const activeSlide = (page: Page) =>
  page.locator('button[aria-label^="Go to slide"][aria-current="true"]').getAttribute("aria-label");

describe("the home page", () => {
  it("shows every section in the specification's order", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    expect(await main(page).getByRole("heading", { level: 1 }).textContent()).toContain(
      "50% off all beds",
    );
    const headings = await main(page).locator("h2").allTextContents();
    const order = [
      "Wake up to better sleep",
      "Why choose",
      "Best Sellers",
      "50% Off All Beds",
      "Customer Stories",
      "Pay Your Way, Safely",
      "Follow Us",
      "Brands We Stock",
      "3 Years Interest-Free Credit",
    ];
    const positions = order.map((text) => headings.findIndex((h) => h.includes(text)));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(
      await page.locator("#featured-products").getByRole("heading", { name: "Foam Beds" }).count(),
    ).toBe(1);
    expect(
      await page
        .locator("#featured-products")
        .getByRole("heading", { name: "Spring Beds" })
        .count(),
    ).toBe(1);
  });

  it("reads the same without JavaScript: every section in place, none moved in by a script", async () => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    await page.goto("/");
    const headings = await main(page).locator("h2").allTextContents();
    for (const text of ["Why choose", "Best Sellers", "Customer Stories", "Brands We Stock"]) {
      expect(headings.some((h) => h.includes(text))).toBe(true);
    }
    // React can stream a finished section as hidden markup plus a script that moves it into
    // place; without JavaScript that section would never show.
    expect(await page.locator('[hidden][id^="S:"], template[id^="B:"]').count()).toBe(0);
    await expect
      .poll(() => page.getByRole("heading", { name: "Customer Stories" }).isVisible())
      .toBe(true);
  });

  it("hydrates the sections far down the page: the stories' arrows move one story", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    await waitForHydration(page);
    const track = page.locator('ul[aria-labelledby="stories-title"]');
    await page.getByRole("button", { name: "Next story" }).click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  });

  it("lists best sellers and both bed ranges from the catalogue", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    const bestSellers = page.locator("section", {
      has: page.getByRole("heading", { name: "Best Sellers" }),
    });
    expect(await bestSellers.getByRole("button", { name: /^View / }).count()).toBe(8);
    const featured = page.locator("#featured-products");
    expect(await featured.getByRole("button", { name: /^View / }).count()).toBe(20);
    expect(await featured.getByText("Foam Bed", { exact: true }).count()).toBeGreaterThanOrEqual(
      10,
    );
  });

  it("links the hero, promo tiles and best sellers where the specification says", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    const hrefs = async (name: string | RegExp) =>
      main(page)
        .getByRole("link", { name })
        .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(await hrefs("Shop Now")).toContain("/products");
    expect(await hrefs(/Memory Foam Mattresses/)).toContain("/mattresses");
    expect(await hrefs(/Bed Frames/)).toContain("/beds");
    expect(await hrefs(/Bedroom Sets/)).toContain("/products");

    await main(page).getByRole("link", { name: "View Sale Items" }).click();
    await page.waitForFunction(() => {
      const box = document.getElementById("featured-products")!.getBoundingClientRect();
      return box.top < window.innerHeight && box.bottom > 0;
    });
  });

  it("advances the hero every 5 seconds and holds it while hovered", async () => {
    const page = await browser.newPage();
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    expect(await activeSlide(page)).toBe("Go to slide 1");
    await page.clock.runFor(5_100);
    expect(await activeSlide(page)).toBe("Go to slide 2");

    await page.locator('section[aria-roledescription="carousel"]').hover();
    await page.clock.runFor(12_000);
    expect(await activeSlide(page)).toBe("Go to slide 2");

    await page.mouse.move(5, 5);
    await page.getByRole("button", { name: "Go to slide 4" }).click();
    await page.clock.runFor(1_000);
    expect(await activeSlide(page)).toBe("Go to slide 4");
  });

  it("keeps the hero still for visitors who prefer reduced motion", async () => {
    const page = await browser.newPage({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    await page.clock.runFor(16_000);
    expect(await activeSlide(page)).toBe("Go to slide 1");
  });

  it("keeps a tap made before the page's scripts ran, far down the page too", async () => {
    const page = await browser.newPage(PHONE);
    // Hold the scripts back until the tap has been made.
    let release!: () => void;
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const bestSellers = page.locator("section", {
      has: page.getByRole("heading", { name: "Best Sellers" }),
    });
    await bestSellers
      .getByRole("button", { name: /^View / })
      .first()
      .click();
    release();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("link", { name: "Contact Us" }).isVisible()).toBe(true);
  });

  it("opens a product's quick view, whose Contact Us leads to /contact", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    await main(page)
      .getByRole("button", { name: /^View / })
      .first()
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(
      await dialog
        .getByText(/Double|Queen/)
        .first()
        .isVisible(),
    ).toBe(true);
    await dialog.getByRole("link", { name: "Contact Us" }).click();
    await page.waitForURL(`${baseUrl()}/contact`);
  });

  it("keeps the wishlist heart in the browser across a reload", async () => {
    const page = await browser.newPage();
    await page.goto("/");
    const heart = main(page)
      .getByRole("button", { name: /^Add .* to wishlist$/ })
      .first();
    const label = await heart.getAttribute("aria-label");
    const title = label!.replace(/^Add /, "").replace(/ to wishlist$/, "");
    await heart.click();
    const saved = main(page)
      .getByRole("button", { name: `Remove ${title} from wishlist` })
      .first();
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
    await page.reload();
    await saved.waitFor();
    expect(await saved.getAttribute("aria-pressed")).toBe("true");
  });
});

describe("the FAQ", () => {
  it("lists 12 questions with one open at a time, then 'Still have questions?'", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/faq");
    const items = main(page).locator("details");
    expect(await items.count()).toBe(12);
    await items.nth(0).locator("summary").click();
    expect(await items.nth(0).getAttribute("open")).not.toBeNull();
    await items.nth(6).locator("summary").click();
    expect(await items.nth(6).getAttribute("open")).not.toBeNull();
    expect(await items.nth(0).getAttribute("open")).toBeNull();
    expect(await items.nth(6).textContent()).toMatch(/7\s*(-|–|to)\s*10 years/);
    expect(await main(page).getByText("Still have questions?").isVisible()).toBe(true);
  });
});

describe("server-rendered pages", () => {
  it.each([
    ["/about", "Our Story"],
    ["/contact", "Send us a Message"],
    ["/privacy", "Last updated"],
    ["/terms", "Last updated"],
    ["/delivery", "Delivery"],
    ["/returns", "30 days"],
    ["/warranty", "Register your warranty"],
    ["/sitemap", "Customer Service"],
    ["/faq", "Still have questions?"],
  ])("%s answers 200 with its content in the HTML", async (path, text) => {
    const response = await fetch(`${baseUrl()}${path}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(text);
  });
});
