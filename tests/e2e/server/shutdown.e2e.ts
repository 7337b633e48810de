import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startShop } from "../../../scripts/shop-process";

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-shutdown-"));
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

/** A listing at an address nobody asked for yet, so it is worked out and rendered anew. */
async function askForListing(base: string, n: number): Promise<string> {
  let response: Response;
  try {
    response = await fetch(`${base}/products?q=bed&_=${n}`);
  } catch (error) {
    // Sent as the server stopped taking requests, before it read this one: no answer started.
    const cause = (error as Error).cause as NodeJS.ErrnoException | undefined;
    if (cause?.code === "ECONNRESET" || cause?.code === "ECONNREFUSED") return "not taken";
    throw error;
  }
  try {
    const html = await response.text();
    return `${response.status} ${html.trimEnd().endsWith("</html>") ? "whole page" : "cut short"}`;
  } catch {
    return `${response.status} cut short`;
  }
}

describe("stopping the shop (SIGTERM, as a restart does)", () => {
  it("finishes every request it has started before it closes the database", async () => {
    const shop = await startShop({
      env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "" },
      seedIfEmpty: true,
      output: "ignore",
      captureStderr: true,
    });
    const requests = Array.from({ length: 24 }, (_, n) => askForListing(shop.url, n));
    // The first has been answered, so others are under way.
    await Promise.race(requests);
    const exitCode = await shop.stop();
    const outcomes = await Promise.all(requests);

    expect(outcomes.filter((o) => o !== "not taken" && o !== "200 whole page")).toEqual([]);
    expect(outcomes.filter((o) => o === "200 whole page").length).toBeGreaterThan(1);
    expect(exitCode).toBe(0);
    expect(shop.stderr()).toBe("");
  });
});
