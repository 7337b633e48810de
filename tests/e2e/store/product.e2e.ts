import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, main, PHONE, useBrowser, waitForHydration } from "../browser";

const browser = useBrowser();

// From the demo catalogue: its super-king size (MT-07-SK) has no stock.
const TEMPUR = "/products/tempur-pro-memory-mattress";

const price = (page: Page) =>
  main(page).getByRole("region", { name: "Price and availability" }).locator("p").first();
const sizeLink = (page: Page, size: string) =>
  main(page)
    .getByRole("navigation", { name: "Size" })
    .getByRole("link", { name: new RegExp(`^${size}`) });

describe("a product page", () => {
  it("opens from a product card with its title, price and sizes", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    const card = main(page).locator("article").first();
    const title = (await card.getByRole("heading").textContent())!.trim();
    await card.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/products\/[a-z0-9-]+$/);
    await main(page).getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await price(page).textContent()).toMatch(/^R[\d,]+/);
    expect(
      await main(page).getByRole("navigation", { name: "Size" }).getByRole("link").count(),
    ).toBeGreaterThan(0);
    expect(await main(page).getByRole("link", { name: "Contact Us" }).getAttribute("href")).toBe(
      "/contact",
    );
  });

  it("switches the size in place: price, URL and stock change together", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(TEMPUR);
    await waitForHydration(page);
    expect(await price(page).textContent()).toContain("R17,999");
    expect(await sizeLink(page, "Queen").getAttribute("aria-current")).toBe("true");

    // A size change keeps the page: no document request, only the URL and the details change.
    const documents: string[] = [];
    page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
    await sizeLink(page, "King").click();
    await page.waitForURL(`${baseUrl()}${TEMPUR}?size=king`);
    // The address can change a moment before React has drawn the size on a busy machine.
    await expect.poll(() => price(page).textContent()).toContain("R21,999");
    expect(await sizeLink(page, "King").getAttribute("aria-current")).toBe("true");

    await sizeLink(page, "Super King").click();
    await page.waitForURL(/size=super-king/);
    await expect.poll(() => price(page).textContent()).toContain("R26,999");
    expect(await main(page).getByText("Out of stock", { exact: true }).isVisible()).toBe(true);
    expect(documents).toEqual([]);
  });

  it("says a sold-out size is out of stock when the link is shared", async () => {
    const page = await browser.newPage();
    await page.goto("/products/windsor-tufted-bed-frame?size=super-king");
    expect(await sizeLink(page, "Super King").getAttribute("aria-current")).toBe("true");
    expect(await main(page).getByText("Out of stock", { exact: true }).isVisible()).toBe(true);
    // The percent off and the struck-through original price of the chosen size.
    expect(await price(page).textContent()).toMatch(/R11,999.*R14,999.*20% off/);
    expect(await main(page).getByText("Free Delivery Included").isVisible()).toBe(true);
  });

  it("shows breadcrumbs back to its category", async () => {
    const page = await browser.newPage();
    await page.goto(TEMPUR);
    const crumbs = main(page).getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("link", { name: "Mattresses" }).getAttribute("href")).toBe(
      "/mattresses",
    );
    expect(await crumbs.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
  });

  it("works without JavaScript: sizes are links the server answers", async () => {
    const page = await browser.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto(TEMPUR);
    expect(await price(page).textContent()).toContain("R17,999");
    await sizeLink(page, "King").click();
    await page.waitForURL(/size=king/);
    expect(await price(page).textContent()).toContain("R21,999");
    expect(await sizeLink(page, "King").getAttribute("aria-current")).toBe("true");
  });

  it("lists its published reviews without JavaScript, sorted by links, or says there are none", async () => {
    const page = await browser.newPage({ ...PHONE, javaScriptEnabled: false });
    await page.goto(`${TEMPUR}?size=king`);
    const reviews = main(page).getByRole("region", { name: "Reviews" });
    await reviews.waitFor();
    if ((await reviews.getByText("No reviews yet.").count()) > 0) {
      expect(await reviews.textContent()).toContain("Bought this? We e-mail you a link");
      // No stars anywhere on a product without published reviews.
      expect(await main(page).textContent()).not.toContain("★");
      return;
    }
    const sorts = reviews.getByRole("navigation", { name: "Sort reviews" });
    expect(await sorts.getByRole("link", { name: "Newest" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await sorts.getByRole("link", { name: "Lowest rating" }).click();
    await page.waitForURL(/size=king&sort=lowest#reviews$/);
    await main(page).getByRole("region", { name: "Reviews" }).waitFor();
    expect(
      await main(page)
        .getByRole("navigation", { name: "Sort reviews" })
        .getByRole("link", { name: "Lowest rating" })
        .getAttribute("aria-current"),
    ).toBe("page");
    expect(await sizeLink(page, "King").getAttribute("aria-current")).toBe("true");
  });

  it.each(["/products/no-such-bed", "/products/cooling-mattress-protector"])(
    "%s (unknown or a draft) is not found",
    async (path) => {
      const page = await browser.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(await page.getByText("Oops! Page not found").isVisible()).toBe(true);
    },
  );
});

describe("a product page for search engines and link previews", () => {
  it("has a canonical URL, Open Graph tags and Product data with an offer per size", async () => {
    const html = await (await fetch(`${baseUrl()}${TEMPUR}?size=king`)).text();
    const canonical = `${baseUrl()}${TEMPUR}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(html).toContain(`<meta property="og:type" content="product"/>`);
    expect(html).toContain(`<meta property="og:url" content="${canonical}"/>`);
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${baseUrl()}/media/products/tempur-pro-memory-mattress-960\\.webp"/>`,
      ),
    );

    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
    const data = scripts.map((m) => JSON.parse(m[1]!));
    const product = data.find((d) => d["@type"] === "Product");
    expect(product).toMatchObject({
      name: "Tempur Pro Memory Mattress",
      brand: { name: "Tempur" },
    });
    // A rating only from the published reviews the page itself shows, and none without them.
    const shown = html.match(/Based on (\d+) reviews?/);
    if (html.includes("No reviews yet.")) {
      expect(shown).toBeNull();
      expect(product).not.toHaveProperty("aggregateRating");
      expect(product).not.toHaveProperty("review");
    } else {
      expect(product.aggregateRating.reviewCount).toBe(Number(shown![1]));
      expect(product.review.length).toBeGreaterThan(0);
    }
    expect(product.offers).toHaveLength(3);
    expect(product.offers[0]).toMatchObject({
      sku: "MT-07-QN",
      price: "17999.00",
      priceCurrency: "ZAR",
      availability: "https://schema.org/InStock",
    });
    expect(product.offers[2]).toMatchObject({
      sku: "MT-07-SK",
      availability: "https://schema.org/OutOfStock",
      url: `${canonical}?size=super-king`,
    });
  });

  it("preloads its first picture as AVIF and never loads it lazily", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto(TEMPUR);
    const preload = page.locator('head link[rel="preload"][as="image"]');
    expect(await preload.count()).toBe(1);
    expect(await preload.getAttribute("imagesrcset")).toContain(
      "tempur-pro-memory-mattress-960.avif 960w",
    );
    expect(await preload.getAttribute("fetchpriority")).toBe("high");
    const image = main(page).locator("picture img").first();
    expect(await image.getAttribute("loading")).toBe("eager");
    expect(await image.getAttribute("width")).toBeTruthy();
    expect(await image.getAttribute("height")).toBeTruthy();
    expect(await main(page).locator('picture source[type="image/avif"]').count()).toBeGreaterThan(
      0,
    );
    // The browser chose AVIF, and it came with a year-long cache.
    const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(src).toMatch(/\.avif$/);
    const response = await fetch(src);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
  });
});

describe("the home page's first picture", () => {
  it("is the first hero slide, preloaded with high priority; later slides load lazily", async () => {
    const page = await browser.newPage(PHONE);
    await page.goto("/");
    const preload = page.locator('head link[rel="preload"][as="image"]');
    expect(await preload.count()).toBe(1);
    expect(await preload.getAttribute("imagesrcset")).toContain("site/showroom-1-960.avif");
    expect(await preload.getAttribute("fetchpriority")).toBe("high");
    const slides = main(page).locator('[aria-roledescription="slide"] img');
    expect(await slides.nth(0).getAttribute("loading")).toBe("eager");
    expect(await slides.nth(1).getAttribute("loading")).toBe("lazy");
  });
});

describe("/sitemap.xml and /robots.txt", () => {
  it("lists the public pages and active products, not drafts", async () => {
    const response = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain(`<loc>${baseUrl()}/</loc>`);
    expect(xml).toContain(`<loc>${baseUrl()}/mattresses</loc>`);
    expect(xml).toMatch(new RegExp(`<loc>${baseUrl()}${TEMPUR}</loc><lastmod>\\d{4}-`));
    expect(xml).not.toContain("cooling-mattress-protector");
  });

  it("keeps the back office, cart and checkout out of search engines", async () => {
    const response = await fetch(`${baseUrl()}/robots.txt`);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    for (const path of ["/admin", "/cart", "/checkout", "/orders/", "/payments/"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
  });
});
