import { defineConfig } from "vitest/config";

/**
 * Browser journeys against the built shop. Files run two at a time (E2E_WORKERS), each worker on
 * a shop of its own started once with fresh demo data (tests/e2e/global-setup.ts): a journey
 * waits on the browser and the server far more than it computes, so two share the cores well.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    fileParallelism: workers > 1,
    maxWorkers: workers,
    testTimeout: 60_000,
    // After each journey, every address it visited is judged again in both themes (browser.ts):
    // for the dark tour of the whole back office that took 2-4 minutes with two files at a time.
    hookTimeout: 240_000,
  },
});
