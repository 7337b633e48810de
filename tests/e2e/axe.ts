import { createRequire } from "node:module";
import fs from "node:fs";
import type { Page } from "playwright-core";

// The minified build: it is evaluated again on every page judged, and reads in less time.
const axeSource = fs.readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * The page's serious and critical accessibility findings (axe-core), as readable lines. axe is
 * evaluated through the browser's devtools, so the page's Content-Security-Policy stays on.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Cards fade in, toasts slide in, a theme change fades colours: judge colours once every
  // animation has finished. Two frames first, so that transitions just triggered have started.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  // A paused animation (the hero's timer while hovered) never finishes: wait at most 3 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity,
          )
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    type Axe = {
      _audit: { rules: { id: string; impact?: string }[] };
      run: (context: Document, options: object) => Promise<{ violations: unknown[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    // A rule with an impact of its own gives every finding that impact: the rules that can only
    // be moderate or minor are not run, since only serious and critical findings fail a page.
    const rules = Object.fromEntries(
      axe._audit.rules
        .filter((rule) => rule.impact === "moderate" || rule.impact === "minor")
        .map((rule) => [rule.id, { enabled: false }]),
    );
    // Only the violations are read: axe then works out the selectors of no passing element
    // (measured on eight pages: 157 ms a page at the median, 118 ms with violations alone).
    return (await axe.run(document, { rules, resultTypes: ["violations"] })).violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}

/**
 * Serious and critical findings in both themes, each named with its theme: `page` as it stands
 * (light), then a second page of the same visitor, dark from the start, brought to the same state
 * by `reach`. (Switching a page's theme live can leave a form field's text in the old colour for
 * a moment, which axe then reads.) Toasts are let go first (one fading out is judged at half its
 * contrast) and the pointer is taken off the page (a control is judged at rest, not hovered by
 * where the last click left it).
 */
export async function findingsInBothThemes(
  page: Page,
  reach: (dark: Page) => Promise<void>,
): Promise<string[]> {
  const judge = async (judged: Page, theme: string) => {
    await judged.waitForFunction(
      () => document.querySelectorAll("[data-sonner-toast]").length === 0,
      null,
      { timeout: 20_000 },
    );
    await judged.mouse.move(-1, -1);
    return (await seriousA11yViolations(judged)).map((f) => `${theme}: ${f}`);
  };
  await page.emulateMedia({ colorScheme: "light", reducedMotion: "reduce" });
  const findings = await judge(page, "light");
  const dark = await page.context().newPage();
  try {
    await dark.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    await reach(dark);
    findings.push(...(await judge(dark, "dark")));
  } finally {
    await dark.close();
  }
  return findings;
}
