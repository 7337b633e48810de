import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/** Whether the focused element shows where focus is (an outline or a focus ring's shadow). */
export async function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== "none";
  });
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/**
 * Waits for `target` to have focus. Focus moves in an effect (an opening dialog focuses its first
 * field, a closing one gives focus back once it has gone), so it is read until it settles, not
 * once: on a busy machine the first read can come before the move.
 */
export async function expectFocused(target: Locator) {
  await expect.poll(() => isFocused(target), { timeout: 10_000 }).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails when it
 * is not reached within `max` presses or when focus lands on it without a visible indicator.
 */
export async function tabTo(page: Page, target: Locator, { max = 80, back = false } = {}) {
  await target.waitFor({ state: "attached" });
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    if (await isFocused(target)) {
      if (!(await focusIsVisible(page))) {
        throw new Error(`Focus reached ${await describe(target)} without a visible indicator.`);
      }
      return;
    }
  }
  throw new Error(`${await describe(target)} was not reached with ${max} presses of Tab.`);
}

/** The accessible names of the next `count` elements Tab moves to, in order. */
export async function nextTabStops(page: Page, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press("Tab");
    names.push(
      await page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement | null;
        if (!el) return "";
        const label = el.getAttribute("aria-label") ?? el.labels?.[0]?.textContent;
        return (label ?? el.textContent ?? "").trim();
      }),
    );
  }
  return names;
}

/** Whether the focused element is inside `container`. */
export const focusInside = (container: Locator) =>
  container.evaluate((el) => el.contains(document.activeElement));

async function describe(target: Locator) {
  return target.evaluate((el) => el.outerHTML.slice(0, 120));
}
