import { parseArgs } from "node:util";
import { describeRestore, restoreShop, RestoreRefused } from "../app/db/backup.server";
import { parseEnv } from "../app/env.server";

/**
 * `npm run db:restore -- FILE [--force]`: restores a backup of `npm run db:backup` into the
 * configured database (DATABASE_URL, else the PGlite folder in DATA_DIR) and DATA_DIR/media.
 * Refuses (exit 3) a database or media folder that holds data, unless told --force.
 */
async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error("Name the backup to restore: npm run db:restore -- FILE [--force]");
    process.exit(2);
  }
  const env = parseEnv();
  const where = { databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR };
  try {
    const report = await restoreShop({ ...where, file: positionals[0]!, force: values.force });
    for (const line of describeRestore(report, where)) console.log(line);
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(error.message);
    process.exit(3);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
