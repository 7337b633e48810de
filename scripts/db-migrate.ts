import { openDatabase } from "../app/db/client.server";
import { parseEnv } from "../app/env.server";

/** `npm run db:migrate`: applies the checked-in migrations to DATABASE_URL or the PGlite folder. */
async function main() {
  const env = parseEnv();
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await handle.migrate();
    console.log(`Migrations applied (${handle.kind}).`);
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
