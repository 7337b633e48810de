import { createRequire } from "node:module";
import fs from "node:fs";
import type { Page } from "playwright-core";

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core"), "utf8");

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/**
 * The page's serious and critical accessibility findings (axe-core), as readable lines. axe is
 * evaluated through the browser's devtools, so the page's Content-Security-Policy stays on.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // Cards fade in: judge colours once every animation has finished.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished),
    ),
  );
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document)) as { violations: unknown[] };
    return result.violations;
  });
  return (violations as Violation[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
}
