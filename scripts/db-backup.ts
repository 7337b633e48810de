import { parseArgs } from "node:util";
import { backUpShop, describeBackup } from "../app/db/backup.server";
import { parseEnv } from "../app/env.server";

/**
 * `npm run db:backup -- --out FILE`: the database (DATABASE_URL's with pg_dump, else the PGlite
 * folder in DATA_DIR, copied by the running shop when it runs) and DATA_DIR/media, in one file.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  if (!values.out) {
    console.error("Say where to write the backup: npm run db:backup -- --out FILE");
    process.exit(2);
  }
  const env = parseEnv();
  const report = await backUpShop({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    out: values.out,
  });
  for (const line of describeBackup(report)) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
