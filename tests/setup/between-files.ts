import { afterAll, vi } from "vitest";
import { configureDates, DEFAULT_DATE_SETTINGS } from "~/lib/dates";
import { setMediaBase } from "~/lib/media";
import { clearRenderCache } from "~/lib/render-cache.server";
import { resetPayflexTokens } from "~/domain/payments/payflex.server";

/**
 * The test files of one worker share its modules (vitest.config.ts: `isolate: false`), so what a
 * file changes of the process is put back when it ends, and the next file starts as it would in
 * a worker of its own: the environment as it was before the file, real timers and functions,
 * the default date settings and media address, no rendered page and no PayFlex token kept.
 * Caches of the database's contents are kept per database (`preparedQuery`, `perDatabase`), and
 * every file opens a database of its own.
 */
const envBefore = { ...process.env };

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  for (const name of Object.keys(process.env)) if (!(name in envBefore)) delete process.env[name];
  Object.assign(process.env, envBefore);
  configureDates(DEFAULT_DATE_SETTINGS);
  setMediaBase(undefined);
  clearRenderCache();
  resetPayflexTokens();
});
