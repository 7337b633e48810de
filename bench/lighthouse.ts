import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export type PageScore = {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
};

/**
 * Lighthouse's mobile performance audit (its default: a mid-range phone on a slow 4G link) in the
 * system's Chromium. Runs `runs` times and keeps the median of each figure.
 */
export async function auditPage(url: string, runs: number): Promise<PageScore> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
    ],
  });
  try {
    const samples: PageScore[] = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, {
        port: chrome.port,
        onlyCategories: ["performance"],
        logLevel: "error",
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
      const requests =
        (lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
        [];
      samples.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcpMs: lhr.audits["first-contentful-paint"]?.numericValue ?? NaN,
        lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
        tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
        cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
        jsKb:
          requests
            .filter((r) => r.resourceType === "Script")
            .reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
      });
    }
    return {
      score: median(samples.map((s) => s.score)),
      fcpMs: median(samples.map((s) => s.fcpMs)),
      lcpMs: median(samples.map((s) => s.lcpMs)),
      tbtMs: median(samples.map((s) => s.tbtMs)),
      cls: median(samples.map((s) => s.cls)),
      jsKb: median(samples.map((s) => s.jsKb)),
    };
  } finally {
    await chrome.kill();
  }
}

type NetworkItem = { resourceType?: string; transferSize?: number };

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
