import fs from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { parseMessage, type ReceivedMail } from "../setup/smtp";

export const baseUrl = () => inject("baseUrl");

/**
 * One headless Chromium (the system's, never a downloaded one) per test file. Every test fails
 * on anything the pages' Content-Security-Policy refused (a blocked script, style or form).
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const violations: string[] = [];
  afterEach(() => {
    expect(violations.splice(0), "Content-Security-Policy violations").toEqual([]);
  });
  beforeAll(async () => {
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
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) {
          violations.push(`${page.url()}: ${message.text()}`);
        }
      });
      return page;
    },
  };
}

export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** The e-mails the shop wrote to its outbox (.eml files), oldest first. */
export async function outboxMessages(): Promise<ReceivedMail[]> {
  const dir = path.join(inject("dataDir"), "outbox");
  const files = (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(".eml")).sort();
  const raw = await Promise.all(files.map((f) => fs.readFile(path.join(dir, f), "utf8")));
  return raw.map(parseMessage);
}

/** The page's main content, leaving out the header and footer (which have forms of their own). */
export const main = (page: Page) => page.locator("main");

/** Waits until React has hydrated the page (its nodes carry React's internal keys). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const node = document.querySelector("main");
    return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  });
}
