import { describe, expect, it } from "vitest";
import { seriousA11yViolations } from "../axe";
import { PHONE, useBrowser, waitForHydration } from "../browser";

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

/** The storefront's pages a shopper meets first, as they load them. */
const PAGES = [
  "/",
  "/products",
  "/mattresses?q=foam",
  "/products/backcare-spring-bed",
  "/cart",
  "/checkout",
  "/contact",
  "/about",
  "/no-such-page",
];

describe("the storefront's accessibility", () => {
  for (const [width, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      it(`has no serious or critical axe finding on a ${width}, ${colorScheme} theme`, async () => {
        // Reduced motion: sections that fade in as they scroll are judged as they end, not
        // half-way through their fade.
        const page = await browser.newPage({ ...size, colorScheme, reducedMotion: "reduce" });
        for (const path of PAGES) {
          await page.goto(path);
          await waitForHydration(page);
          expect(await seriousA11yViolations(page), path).toEqual([]);
        }
      });
    }
  }

  it("lets a keyboard reach and scroll the home page's slides and stories", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto("/");
    await waitForHydration(page);
    for (const track of ["#hero-slides", "#stories-track"]) {
      await page.locator(track).focus();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe(track.slice(1));
    }
  });

  it("gives the not-found page its own title and logs the bad path in the console", async () => {
    const page = await browser.newPage(DESKTOP);
    const logged: string[] = [];
    page.on("console", (message) => logged.push(message.text()));
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.title()).toMatch(/^Page not found/);
    // Logged by an effect after hydration: it may come a moment after the page is hydrated.
    await expect
      .poll(() => logged.some((line) => line.includes("non-existent route: /no-such-page")))
      .toBe(true);
  });
});
