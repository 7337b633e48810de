import fs from "node:fs/promises";
import path from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { parseMessage, type ReceivedMail } from "../setup/smtp";
import { seriousA11yViolations } from "./axe";

/**
 * The shop this worker's journeys visit: each worker (VITEST_POOL_ID, 1 to the number of workers)
 * has a shop and a data folder of its own (tests/e2e/global-setup.ts).
 */
function ownShop() {
  const shops = inject("shops");
  return shops[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % shops.length]!;
}
export const baseUrl = () => ownShop().baseUrl;
const dataDir = () => ownShop().dataDir;

/**
 * Addresses a journey may visit that are not pages to judge again: downloads, redirects that act
 * (signing out, a payment's return) and endpoints.
 */
const NOT_A_PAGE =
  /^\/(?:api\/|theme|auth\/sign-out|payments\/)|\/export(?:$|\?)|\.(?:pdf|csv|xml|txt)(?:$|\?)/;

/**
 * The pages already judged afresh in this run, kept in the first shop's data folder for every
 * worker, so that each page is loaded again about once per run (two workers may judge the same
 * page at the same moment), not once per file. A page is its path, with any id in it standing for every id (`/admin/orders/12` for every
 * order's page): its searches, filters and tabs are the same page, judged as each test leaves it.
 */
const judgedFile = () => path.join(inject("shops")[0]!.dataDir, "judged-pages.txt");
const pageKey = (width: number, colorScheme: string, address: string) => {
  const { pathname } = new URL(address, "http://x");
  return `${width} ${colorScheme} ${pathname.replace(/\/\d+(?=\/|$)/g, "/:id")}`;
};

/**
 * One headless Chromium (the system's, never a downloaded one) per test file. Every test fails
 * on anything the pages' Content-Security-Policy refused (a blocked script, style or form), and
 * on any serious or critical axe-core finding on the pages it visited: after each test, each of
 * its pages is judged as the test left it, then every address it visited is loaded again and
 * judged in the light and the dark theme at the page's own size (once per run).
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const violations: string[] = [];
  const opened: { page: Page; visited: Set<string> }[] = [];
  // Every context a test opened, closed once its pages are judged: a page left open keeps its
  // timers, polls and animations running beside the next tests.
  const contexts: BrowserContext[] = [];
  // Pages without JavaScript are the same server HTML the other journeys judge; axe needs it.
  let judged = new Set<string>();

  afterEach(async () => {
    const pages = opened.splice(0).filter(({ page }) => !page.isClosed());
    const findings: string[] = [];
    try {
      for (const { page, visited } of pages) findings.push(...(await judgePage(page, visited)));
    } finally {
      await Promise.all(
        contexts.splice(0).map((context) => context.close().catch(() => undefined)),
      );
    }
    // The lines themselves in the message: a CI log shows them, not "[ Array(1) ]".
    const refused = violations.splice(0);
    expect(refused, `Content-Security-Policy violations:\n${refused.join("\n")}`).toEqual([]);
    expect(
      findings,
      `accessibility findings and default error screens:\n${findings.join("\n")}`,
    ).toEqual([]);
  });

  async function judgePage(page: Page, visited: Set<string>): Promise<string[]> {
    const findings: string[] = [];
    const width = page.viewportSize()?.width ?? 0;
    const origin = new URL(baseUrl()).origin;
    const judge = async (where: string) => {
      for (const line of await seriousA11yViolations(page)) findings.push(`${where}: ${line}`);
      // React Router's own error screen (an h2): every error page must be the shop's.
      if (await page.locator("h2", { hasText: "Unexpected Application Error!" }).count()) {
        findings.push(`${where}: the framework's default error screen`);
      }
    };
    const url = new URL(page.url());
    if (url.origin === origin) {
      // Sections that fade in as they scroll are judged as they end, not half-way through.
      await page.emulateMedia({ reducedMotion: "reduce" });
      await judge(`${url.pathname}${url.search} as the test left it`);
    }
    // Each address again, loaded afresh in each theme (as a visitor with that preference).
    for (const address of visited) {
      if (NOT_A_PAGE.test(address)) continue;
      for (const colorScheme of ["light", "dark"] as const) {
        const key = pageKey(width, colorScheme, address);
        if (judged.has(key)) continue;
        judged.add(key);
        await fs.appendFile(judgedFile(), `${key}\n`);
        // Reduced motion: sections that fade in as they scroll are judged as they end.
        await page.emulateMedia({ colorScheme, reducedMotion: "reduce" });
        const response = await page.goto(address).catch(() => null);
        if (!(response?.headers()["content-type"] ?? "").includes("text/html")) continue;
        await waitForHydration(page, 2_000).catch(() => undefined);
        await judge(`${address} (${width}px, ${colorScheme})`);
      }
    }
    return findings;
  }

  beforeAll(async () => {
    const earlier = await fs.readFile(judgedFile(), "utf8").catch(() => "");
    judged = new Set(earlier.split("\n").filter(Boolean));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A new page in a fresh context (own cookies and storage). */
    async newPage(options: BrowserContextOptions = {}): Promise<Page> {
      if (!browser) throw new Error("The browser has not started.");
      const context = await browser.newContext({ baseURL: baseUrl(), ...options });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) {
          violations.push(`${page.url()}: ${message.text()}`);
        }
      });
      const visited = new Set<string>();
      const origin = new URL(baseUrl()).origin;
      page.on("framenavigated", (frame) => {
        if (frame !== page.mainFrame()) return;
        const url = new URL(frame.url());
        if (url.origin === origin) visited.add(url.pathname + url.search);
      });
      if (options.javaScriptEnabled !== false) opened.push({ page, visited });
      return page;
    },
  };
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The e-mails the shop wrote to its outbox (.eml files), oldest first. */
export async function outboxMessages(): Promise<ReceivedMail[]> {
  const dir = path.join(dataDir(), "outbox");
  const files = (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(".eml")).sort();
  const raw = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), "utf8")));
  return raw.map(parseMessage);
}

/** The page's main content, leaving out the header and footer (which have forms of their own). */
export const main = (page: Page) => page.locator("main");

/** Waits until React has hydrated the page (its nodes carry React's internal keys). */
export async function waitForHydration(page: Page, timeout?: number) {
  await page.waitForFunction(
    () => {
      const node = document.querySelector("main");
      return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
    },
    undefined,
    { timeout },
  );
}
