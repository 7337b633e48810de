import { openDatabase, setDatabase } from "../app/db/client.server";
import { DEMO_PRODUCTS } from "../app/db/seed/catalog/all-products";
import { seedIfEmpty } from "../app/db/seed/seed.server";
import { parseEnv } from "../app/env.server";

/** `npm run db:seed`: migrates, then fills an empty shop with the demo catalogue. */
async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }

  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await handle.migrate();
    setDatabase(handle);
    const seeded = await seedIfEmpty({ dataDir: env.DATA_DIR });
    console.log(
      seeded
        ? `Seeded the demo catalogue: ${DEMO_PRODUCTS.length} products`
        : "The database already has products; nothing to seed.",
    );
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
