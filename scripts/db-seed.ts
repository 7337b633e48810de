import { parseArgs } from "node:util";
import { openDatabase, setDatabase } from "../app/db/client.server";
import { DEMO_PRODUCTS } from "../app/db/seed/catalog/all-products";
import { seedBackOffice } from "../app/db/seed/scale-back-office.server";
import { seedInventory } from "../app/db/seed/scale-inventory.server";
import { seedScale } from "../app/db/seed/scale.server";
import { seedIfEmpty } from "../app/db/seed/seed.server";
import { parseEnv } from "../app/env.server";

/**
 * `npm run db:seed`: migrates, then fills an empty shop with the demo catalogue.
 * `npm run db:seed -- --products 10000` also adds generated products up to that many in all, and
 * `--orders 100000 --enquiries 20000` generated orders and enquiries up to those numbers, and
 * `--movements 1000000` stock movements up to that many (every variant stocked in two
 * warehouses), for benchmarks.
 */
async function main() {
  let env;
  let target: number | null;
  let backOffice: { orders: number; enquiries: number } | null;
  let movements: number | null;
  try {
    env = parseEnv();
    const options = seedOptions();
    target = options.products;
    movements = options.movements;
    backOffice =
      options.orders === null && options.enquiries === null
        ? null
        : { orders: options.orders ?? 0, enquiries: options.enquiries ?? 0 };
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
        : "The database already has products; the demo catalogue was not seeded.",
    );
    if (target !== null) {
      const started = Date.now();
      const added = await seedScale({ dataDir: env.DATA_DIR, products: target });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`Added ${added} generated products (${target} or more in all) in ${seconds} s`);
    }
    if (backOffice !== null) {
      const started = Date.now();
      const added = await seedBackOffice(backOffice);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `Added ${added.orders} generated orders and ${added.enquiries} enquiries in ${seconds} s`,
      );
    }
    if (movements !== null) {
      const started = Date.now();
      const added = await seedInventory({ movements });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`Added ${added} generated stock movements in ${seconds} s`);
    }
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

function seedOptions() {
  const { values } = parseArgs({
    options: {
      products: { type: "string" },
      orders: { type: "string" },
      enquiries: { type: "string" },
      movements: { type: "string" },
    },
  });
  const count = (name: "products" | "orders" | "enquiries" | "movements", max = 1_000_000) => {
    const text = values[name];
    if (text === undefined) return null;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      throw new Error(`--${name} must be a whole number from 1 to ${max}, not "${text}".`);
    }
    return n;
  };
  return {
    products: count("products"),
    orders: count("orders"),
    enquiries: count("enquiries"),
    movements: count("movements", 10_000_000),
  };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
