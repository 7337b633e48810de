import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

const ALL_TESTS = ["app/**/*.test.ts", "tests/integration/**/*.test.ts"];

/**
 * With TEST_DATABASE_URL the run is the second one, on PostgreSQL (see .ci/run): it takes only
 * the files that open a database through it. Logic-only tests (money, dates, schemas, caches)
 * and those on an embedded database of their own do not depend on it and ran once already; so
 * do the route-level files marked `@database-once` (role checks, form validation, sign-in
 * flows): what they test is the gate or the form, and the domain code they call has its own
 * files, which run on both databases.
 */
function filesOnTestDatabase(): string[] {
  const uses = /\b(useTestDatabase|createTestDatabase|TEST_DATABASE_URL)\b/;
  const once = /@database-once\b/;
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith(".test.ts")) {
        const text = fs.readFileSync(file, "utf8");
        if (uses.test(text) && !once.test(text)) found.push(file);
      }
    }
  };
  walk("app");
  walk("tests/integration");
  return found;
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: process.env.TEST_DATABASE_URL ? filesOnTestDatabase() : ALL_TESTS,
    setupFiles: [
      "tests/setup/env.ts",
      "tests/setup/password-hash.ts",
      "tests/setup/between-files.ts",
    ],
    globalSetup: ["tests/setup/template-database.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads start a test file faster than child processes: measured on 19 files of
    // the suite, 48-55 s against 87 s with "forks", the same tests passing.
    pool: "threads",
    // The files of one worker share its modules instead of importing the app again for each
    // (2-3 s a file): the whole run on PGlite took 591 s isolated, 399 s shared. What a file
    // changes of the process is put back after it (tests/setup/between-files.ts), and what the
    // app caches of a database's contents is kept per database.
    isolate: false,
    // A file waits on its database, its hashing and its imports as much as it computes: one file
    // per core, where Vitest would keep one core for itself (on two cores, one file at a time).
    // The whole run on PGlite, side by side on two cores: 874 s one file at a time, 655 s two.
    maxWorkers: os.availableParallelism(),
  },
});
