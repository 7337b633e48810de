import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, main, PHONE, useBrowser, waitForHydration } from "../browser";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const cards = (page: Page) => main(page).locator("article");
const titles = (page: Page) => cards(page).locator("h3").allTextContents();
const summary = (page: Page) => main(page).getByRole("status").first();
const sidebar = (page: Page) => page.locator("#filters");

/** The price each card shows first (its smallest size), in Rand. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).allTextContents();
  return texts.map((text) => Number(text.match(/R(\d[\d,]*)/)![1]!.replace(/,/g, "")));
}

/** The count shown beside a filter option, e.g. "Memory Foam (4)". */
async function optionCount(page: Page, scope: ReturnType<Page["locator"]>, label: string) {
  const text = await scope.locator("label", { hasText: label }).first().textContent();
  return Number(text!.match(/\((\d[\d,]*)/)![1]!.replace(/,/g, ""));
}

const searchParams = (page: Page) => new URL(page.url()).searchParams;

describe("the listing pages", () => {
  it.each([
    ["/products", "Our Products", "Search products...", null],
    ["/mattresses", "Find Your Perfect Mattress", "Search mattresses...", "Shop Mattresses"],
    ["/beds", "Transform Your Room Into a Sanctuary", "Search bed frames...", "Shop Bed Frames"],
    ["/bedding", "Complete Comfort, Styled Your Way", "Search bedding...", "Shop Bedding"],
  ])(
    "%s has its hero, search box, sort and Shop by Category",
    async (path, title, placeholder, cta) => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(path);
      expect(await main(page).getByRole("heading", { level: 1 }).textContent()).toBe(title);
      expect(await main(page).getByPlaceholder(placeholder).isVisible()).toBe(true);
      const sort = main(page).getByLabel("Sort by").first();
      expect(await sort.locator("option").allTextContents()).toEqual([
        "Featured",
        "Price: Low to High",
        "Price: High to Low",
        "Highest Rated",
        "Newest First",
      ]);
      if (cta)
        expect(await main(page).getByRole("link", { name: cta }).getAttribute("href")).toBe(
          "#listing",
        );
      const category = page.locator("section", {
        has: page.getByRole("heading", { name: "Shop by Category" }),
      });
      const links = await category
        .getByRole("link")
        .evaluateAll((all) => all.map((a) => a.getAttribute("href")));
      expect(links).toEqual(["/mattresses", "/beds", "/bedding"]);
      expect(await summary(page).textContent()).toMatch(
        /^Showing \d+ products? with 0 filters applied$/,
      );
      expect(await cards(page).count()).toBeGreaterThan(0);
      const canonical = page.locator('link[rel="canonical"]');
      expect(await canonical.getAttribute("href")).toBe(`${baseUrl()}${path}`);
    },
  );

  it("lists each category page's own products", async () => {
    const page = await browser.newPage(DESKTOP);
    const types = () =>
      cards(page).evaluateAll((all) => all.map((card) => card.querySelector("p")!.textContent));
    await page.goto("/mattresses");
    expect(new Set(await types())).toEqual(new Set(["Mattress"]));
    await page.goto("/beds");
    expect((await types()).some((type) => type === "Mattress")).toBe(false);
    expect((await types()).some((type) => /^(Foam|Spring) Bed$/.test(type!))).toBe(true);
  });

  it("opens the consultation dialog from the expert advice on /mattresses", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/mattresses");
    await waitForHydration(page);
    await main(page).getByRole("link", { name: "Book Free Consultation" }).click();
    await page
      .getByRole("dialog")
      .getByRole("heading", { name: "Book Your Free Consultation" })
      .waitFor();
  });
});

describe("search", () => {
  it("reads a misspelt 'matress' as the Mattresses category, shown as a removable chip", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/products");
    await waitForHydration(page);
    await main(page).getByPlaceholder("Search products...").fill("matress");
    await main(page).getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/category=mattresses/);
    expect(searchParams(page).get("q")).toBeNull();
    await main(page)
      .getByRole("link", { name: "Show all categories, not only Mattresses" })
      .waitFor();
    // React may show the new page a moment after its address and chip: wait for the cards.
    const types = () =>
      cards(page).evaluateAll((all) => all.map((card) => card.querySelector("p")!.textContent));
    await expect.poll(async () => [...new Set(await types())]).toEqual(["Mattress"]);
    await expect
      .poll(() => main(page).getByPlaceholder("Search products...").inputValue())
      .toBe("");
  });

  it("says so when nothing matches, with a way back", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/products?q=xylophonezz");
    expect(await main(page).getByRole("heading", { name: "No products found" }).isVisible()).toBe(
      true,
    );
    await main(page).getByRole("link", { name: "Clear search and filters" }).click();
    await page.waitForURL(`${baseUrl()}/products`);
    await cards(page).nth(11).waitFor();
    expect(await cards(page).count()).toBe(12);
  });
});

describe("filters on a desktop", () => {
  it("applies a brand and a mattress type with real counts, then removes chips and clears all", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/products");
    await waitForHydration(page);
    const panel = sidebar(page);
    expect(await panel.getByRole("heading", { name: "Filters" }).isVisible()).toBe(true);

    const brandCount = await optionCount(page, panel, "Cloud Nine");
    await panel.getByLabel(/^Cloud Nine/).check();
    await page.waitForURL(/f=brand-cloud-nine/);
    await summary(page).getByText(`Showing ${brandCount} product`).waitFor();
    expect(await summary(page).textContent()).toContain("with 1 filter applied");

    const foamCount = await optionCount(page, panel, "Memory Foam");
    expect(foamCount).toBeGreaterThan(0);
    await panel.getByLabel(/^Memory Foam/).check();
    await page.waitForURL(/f=mattress-type-memory-foam/);
    await summary(page).getByText(`Showing ${foamCount} product`).waitFor();
    expect(await summary(page).textContent()).toContain("with 2 filters applied");
    expect(await cards(page).count()).toBe(Math.min(foamCount, 12));
    expect(searchParams(page).getAll("f").sort()).toEqual([
      "brand-cloud-nine",
      "mattress-type-memory-foam",
    ]);

    const chips = main(page).getByRole("list", { name: "Applied filters" });
    await chips.getByRole("link", { name: "Remove filter Cloud Nine" }).click();
    await page.waitForURL((url) => !url.search.includes("brand-cloud-nine"));
    await summary(page).getByText("with 1 filter applied").waitFor();
    expect(await panel.getByLabel(/^Cloud Nine/).isChecked()).toBe(false);
    expect(await panel.getByLabel(/^Memory Foam/).isChecked()).toBe(true);

    await chips.getByRole("link", { name: "Clear all" }).click();
    await page.waitForURL(`${baseUrl()}/products`);
    await summary(page).getByText("with 0 filters applied").waitFor();
    expect(await chips.count()).toBe(0);
  });

  it("applies the price slider when a thumb is released", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/mattresses");
    await waitForHydration(page);
    const highest = sidebar(page).getByLabel("Highest price");
    await highest.focus();
    await highest.press("ArrowLeft");
    await page.waitForURL(/f=price-range-0-29500/);
    const chips = main(page).getByRole("list", { name: "Applied filters" });
    await chips.getByRole("link", { name: "Remove filter R0 - R29,500" }).waitFor();
    expect(await sidebar(page).getByText("R29,500", { exact: true }).isVisible()).toBe(true);
  });

  it("hides and shows the filter sidebar", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/beds");
    await waitForHydration(page);
    await main(page).getByRole("button", { name: "Hide Filters" }).click();
    await sidebar(page).waitFor({ state: "hidden" });
    await main(page).getByRole("button", { name: "Show Filters" }).click();
    await sidebar(page).waitFor({ state: "visible" });
  });

  it("sorts by price, low to high", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/beds");
    await waitForHydration(page);
    await main(page).getByLabel("Sort by").first().selectOption({ label: "Price: Low to High" });
    await page.waitForURL(/sort=price-asc/);
    await main(page).locator('ul[aria-busy="false"]').waitFor();
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(1);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

describe("the Sort & Filter drawer on a phone", () => {
  it("stages choices and applies them together", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/products");
    await waitForHydration(page);
    expect(await sidebar(page).isVisible()).toBe(false);
    await main(page)
      .getByRole("link", { name: /Sort & Filter/ })
      .click();
    const drawer = page.getByRole("dialog", { name: "Sort & Filter" });
    await drawer.waitFor();
    const queenCount = await optionCount(page, drawer, "Queen");
    await drawer.getByLabel(/^Queen/).check();
    await drawer.getByLabel("Sort by").selectOption({ label: "Price: Low to High" });
    expect(new URL(page.url()).search).toBe("");

    await drawer.getByRole("button", { name: "Apply Filters" }).click();
    await drawer.waitFor({ state: "hidden" });
    await page.waitForURL(/f=bed-size-queen/);
    expect(searchParams(page).get("sort")).toBe("price-asc");
    await summary(page).getByText(`Showing ${queenCount} products with 1 filter applied`).waitFor();
    expect(
      await main(page)
        .getByRole("link", { name: /Sort & Filter/ })
        .textContent(),
    ).toContain("1");
    const prices = await cardPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await main(page)
      .getByRole("link", { name: /Sort & Filter/ })
      .click();
    await drawer.getByRole("button", { name: "Clear All" }).click();
    await drawer.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL((url) => !url.search.includes("bed-size"));
    await summary(page).getByText("with 0 filters applied").waitFor();
  });
});

describe("Load More", () => {
  it("appends the next page, puts page=2 in the URL and keeps it on reload", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/products");
    await waitForHydration(page);
    const first = await titles(page);
    expect(first).toHaveLength(12);
    await main(page).getByRole("link", { name: "Load More Products" }).click();
    await page.waitForURL(/page=2/);
    await cards(page).nth(12).waitFor();
    const both = await titles(page);
    expect(both).toHaveLength(24);
    expect(both.slice(0, 12)).toEqual(first);
    await page.reload();
    expect(await titles(page)).toEqual(both);
  });
});

describe("shared and footer URLs", () => {
  it("opens a shared filtered URL with the same filters and results", async () => {
    const shared = "/products?q=bed&f=bed-size-queen&f=price-range-0-6000&sort=price-desc";
    const mine = await browser.newPage(DESKTOP);
    await mine.goto(shared);
    const theirs = await browser.newPage(PHONE);
    await theirs.goto(shared);
    expect(await titles(theirs)).toEqual(await titles(mine));
    expect(await titles(mine)).not.toHaveLength(0);
    expect(await summary(theirs).textContent()).toBe(await summary(mine).textContent());
    expect(
      await sidebar(mine)
        .getByLabel(/^Queen/)
        .isChecked(),
    ).toBe(true);
    expect(await mine.getByLabel("Sort by").first().inputValue()).toBe("price-desc");
    const chips = main(theirs).getByRole("list", { name: "Applied filters" });
    expect(await chips.getByRole("link", { name: "Remove filter Queen" }).isVisible()).toBe(true);
    expect(await chips.getByRole("link", { name: "Remove filter R0 - R6,000" }).isVisible()).toBe(
      true,
    );
    expect(await main(theirs).getByPlaceholder("Search products...").inputValue()).toBe("bed");
  });

  it("lists the beds for the footer's /products?category=beds", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/products?category=beds");
    const fromFooter = await titles(page);
    expect(await page.title()).toMatch(/^Bed Frames \| /);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(
      `${baseUrl()}/products?category=beds`,
    );
    expect(
      await main(page)
        .getByRole("link", { name: /not only Bed Frames/ })
        .isVisible(),
    ).toBe(true);
    await page.goto("/beds");
    expect(fromFooter).toEqual(await titles(page));
  });
});

describe("without JavaScript", () => {
  it("filters with the form and loads more with a link", async () => {
    const page = await browser.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto("/products");
    await main(page)
      .getByRole("link", { name: /Sort & Filter/ })
      .click();
    const panel = sidebar(page);
    await panel.waitFor();
    const queenCount = await optionCount(page, panel, "Queen");
    expect(queenCount).toBeGreaterThan(12);
    await panel.getByLabel(/^Queen/).check();
    await panel.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/f=bed-size-queen/);
    // The address changes before React shows the new page: wait for the page itself.
    await expect
      .poll(() => summary(page).textContent())
      .toBe(`Showing ${queenCount} products with 1 filter applied`);
    expect(await cards(page).count()).toBe(12);

    await main(page).getByRole("link", { name: "Load More Products" }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => cards(page).count()).toBe(Math.min(queenCount, 24));
    expect(searchParams(page).getAll("f")).toEqual(["bed-size-queen"]);

    await main(page)
      .getByRole("link", { name: /Sort & Filter/ })
      .click();
    await panel.getByLabel("Highest price").fill("6000");
    await panel.getByRole("button", { name: "Apply Filters" }).click();
    await page.waitForURL(/pmax=6000/);
    const chips = main(page).getByRole("list", { name: "Applied filters" });
    expect(await chips.getByRole("link", { name: "Remove filter R0 - R6,000" }).isVisible()).toBe(
      true,
    );
    expect(await summary(page).textContent()).toMatch(/with 2 filters applied$/);
    expect(Math.max(...(await cardPrices(page)))).toBeLessThanOrEqual(6000);
  });
});
