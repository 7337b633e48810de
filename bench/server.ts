import { spawnSync } from "node:child_process";
import { startShop, type RunningShop } from "../scripts/shop-process";

/** Starts the built shop against a database, without seeding. */
export function startBenchShop(env: Record<string, string>): Promise<RunningShop> {
  return startShop({ env, output: "ignore" });
}

/**
 * Runs `npm run db:seed -- --products N` against the given database settings, with generated
 * orders and enquiries, or stock movements, too when asked for.
 */
export function seedCatalogue(
  env: Record<string, string>,
  products: number,
  backOffice?: { orders: number; enquiries: number },
  movements?: number,
) {
  const extra = [
    ...(backOffice
      ? ["--orders", String(backOffice.orders), "--enquiries", String(backOffice.enquiries)]
      : []),
    ...(movements ? ["--movements", String(movements)] : []),
  ];
  const result = spawnSync(
    "npm",
    ["run", "db:seed", "--", "--products", String(products), ...extra],
    {
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
  if (result.status !== 0) throw new Error("Seeding the benchmark catalogue failed.");
}
