import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startShop, type RunningShop } from "../scripts/shop-process";
import { median } from "./lighthouse";
import { PHONE_HEADERS } from "./load";
import { postgresAnswers, withScratchDatabase, type ShopDatabase } from "./postgres";
import { distinctListings, processorMs } from "./scale";
import { seedCatalogue } from "./server";

export type SameWindowOptions = {
  /** Another checkout of the shop, built (`npm run build` there): what this build is held to. */
  baselineDir: string | undefined;
  /** More builds of this checkout to measure beside it (e.g. a scratch build with a part off). */
  extraBuilds: string[];
  products: number;
  rounds: number;
  seconds: number;
  connections: number;
  warmupSeconds: number;
};

type Sample = { rps: number; cpuMs: number; requests: number; non2xx: number; errors: number };
type Case = "cached /products" | "distinct listings";
const CASES: Case[] = ["cached /products", "distinct listings"];

type Shop = { name: string; shop: RunningShop; nextListing: () => string };

/**
 * One load of `seconds` on one shop: requests/s, and the server process's processor time per
 * answered request (utime + stime from /proc, read before and after the load).
 */
async function measure(s: Shop, which: Case, seconds: number, connections: number) {
  const before = processorMs(s.shop.pid);
  const result = await autocannon({
    url: s.shop.url,
    connections,
    duration: seconds,
    headers: PHONE_HEADERS,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          path: which === "cached /products" ? "/products" : s.nextListing(),
        }),
      },
    ],
  });
  const used = processorMs(s.shop.pid) - before;
  const requests = result.requests.total;
  return {
    rps: result.requests.average,
    cpuMs: requests > 0 ? used / requests : NaN,
    requests,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  } satisfies Sample;
}

/** Seeds a database with the catalogue of the checkout in `cwd` (its own migrations and seed). */
function seedIn(cwd: string, env: ShopDatabase, products: number) {
  const run = spawnSync("npm", ["run", "db:seed", "--", "--products", String(products)], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (run.status !== 0) throw new Error(`Seeding the catalogue in ${cwd} failed.`);
}

/**
 * This build against a baseline checkout's build (issue 37: "every request at most its 24
 * November cost"), in the same window: each on a scratch PostgreSQL database seeded by its own
 * code with the same products, one server process each, both started together and warmed up,
 * then loaded in turn, round after round, in alternating order (A B, B A, ...), for (a) a
 * repeated `/products` the render cache answers and (b) listings never asked for before (the
 * same sequence of addresses for each). Logs as production does (LOG_LEVEL=info, one line a
 * request). Prints each round and the medians, with the ratio to the baseline.
 */
export async function benchSameWindow(o: SameWindowOptions): Promise<void> {
  if (!o.baselineDir) {
    console.log(
      "No baseline given (SAME_WINDOW_BASELINE or --baseline DIR: another checkout of the shop, built): the same-window comparison is left out.",
    );
    return;
  }
  const baselineDir = path.resolve(o.baselineDir);
  if (!fs.existsSync(path.join(baselineDir, "build/server/main.js"))) {
    throw new Error(`${baselineDir} has no build/server/main.js: run npm run build there first.`);
  }
  if (!(await postgresAnswers())) {
    console.log("No PostgreSQL answered: the same-window comparison is left out.");
    return;
  }
  const current = process.env.BUILD_DIR || "build";
  await withScratchDatabase("window-current", (currentDb) =>
    withScratchDatabase("window-baseline", async (baselineDb) => {
      console.log(`Seeding ${o.products} products for this build and for the baseline...`);
      seedCatalogue(currentDb, o.products);
      seedIn(baselineDir, baselineDb, o.products);
      const env = { WEB_CONCURRENCY: "1", LOG_LEVEL: "info" };
      const shops: Shop[] = [];
      try {
        shops.push({
          name: "baseline",
          shop: await startShop({
            env: { ...baselineDb, ...env },
            output: "ignore",
            cwd: baselineDir,
          }),
          nextListing: distinctListings(),
        });
        for (const build of [current, ...o.extraBuilds]) {
          shops.push({
            name: build === current ? "this build" : build,
            shop: await startShop({
              env: { ...currentDb, ...env, BUILD_DIR: build },
              output: "ignore",
            }),
            nextListing: distinctListings(),
          });
        }
        await compare(shops, o);
      } finally {
        await Promise.all(shops.map((s) => s.shop.stop()));
      }
    }),
  );
}

async function compare(shops: Shop[], o: SameWindowOptions) {
  // A process just started compiles the shop's code for its first minute under load.
  for (const s of shops) {
    console.log(`Warming up ${s.name}: ${o.warmupSeconds} s of distinct listings...`);
    await measure(s, "distinct listings", o.warmupSeconds, o.connections);
    await measure(
      s,
      "cached /products",
      Math.max(2, Math.round(o.warmupSeconds / 5)),
      o.connections,
    );
  }
  const samples = new Map<string, Sample[]>();
  for (let round = 0; round < o.rounds; round++) {
    const order = round % 2 === 0 ? shops : [...shops].reverse();
    for (const which of CASES) {
      for (const s of order) {
        const sample = await measure(s, which, o.seconds, o.connections);
        const key = `${s.name}|${which}`;
        samples.set(key, [...(samples.get(key) ?? []), sample]);
        console.log(
          `round ${round + 1}, ${which}, ${s.name}: ${sample.rps.toFixed(1)} requests/s, ${sample.cpuMs.toFixed(2)} ms of server processor time a request (${sample.requests} requests, ${sample.non2xx} non-2xx, ${sample.errors} errors)`,
        );
      }
    }
  }
  console.log(
    `\nSame window, ${o.products} products on PostgreSQL, one server process each, ${o.connections} connections, ${o.rounds} rounds of ${o.seconds} s alternated (medians; the server's processor time, every thread, per request)`,
  );
  console.log(
    "| case | build | requests/s | CPU ms/request | requests/s vs baseline | CPU vs baseline | CPU vs baseline, round by round | runs (ms) |",
  );
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |");
  for (const which of CASES) {
    const base = samples.get(`baseline|${which}`)!;
    const baseRps = median(base.map((s) => s.rps));
    const baseCpu = median(base.map((s) => s.cpuMs));
    for (const s of shops) {
      const runs = samples.get(`${s.name}|${which}`)!;
      const rps = median(runs.map((r) => r.rps));
      const cpu = median(runs.map((r) => r.cpuMs));
      // Each round's ratio to the baseline's load next to it, then their median: steadier than
      // the ratio of medians when the machine's other work comes and goes between rounds.
      const paired = median(runs.map((r, i) => r.cpuMs / base[i]!.cpuMs));
      console.log(
        `| ${which} | ${s.name} | ${rps.toFixed(1)} | ${cpu.toFixed(2)} | ${(rps / baseRps).toFixed(2)} | ${(cpu / baseCpu).toFixed(2)} | ${paired.toFixed(2)} | ${runs.map((r) => r.cpuMs.toFixed(2)).join(", ")} |`,
      );
    }
  }
}
