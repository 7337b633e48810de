import { spawnSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { firstLoadJsKb } from "./first-load-js";
import { auditPage, type PageScore } from "./lighthouse";
import { benchAdminLists, type LatencyResult } from "./admin-lists";
import { benchDeliveryDays } from "./delivery-days";
import { benchDeliveryDayView } from "./delivery-day-view";
import { benchRunSheetPdf } from "./run-sheet-pdf";
import { benchEmailRender } from "./email";
import { benchInventory, type AdjustmentResult } from "./inventory";
import { benchListingFloor, printListingFloor } from "./listing-floor";
import { benchInvoiceList, benchInvoicePdf, seedInvoices, type PdfResult } from "./invoices";
import { benchReportExports, benchReportsPage, seedReportOrders } from "./reports";
import { loadTest, type LoadResult } from "./load";
import { postgresAnswers, withScratchDatabase } from "./postgres";
import { benchSameWindow } from "./same-window";
import { ALIKE_MS, ALIKE_RATIO, benchSignUpTiming } from "./sign-up-timing";
import { benchScale, type AloneResult, type ScaleResult } from "./scale";
import { benchSoak } from "./soak";
import { seedCatalogue, startBenchShop } from "./server";

/**
 * `npm run bench`: builds the shop, fills a database with a large catalogue, then measures
 * Lighthouse mobile figures for three pages and requests per second for three listings, on PGlite
 * and, when one answers, on PostgreSQL. Options: --products N (10000), --runs N (3: Lighthouse
 * runs per page and load runs per listing, medians kept), --seconds N (10 per load run),
 * --connections N (20), --workers N (server processes on PostgreSQL, WEB_CONCURRENCY; 2),
 * --only lighthouse|load|lists|inventory|scale|invoices (one part), --no-build (use the last build;
 * BUILD_DIR picks the folder for both). The back office's lists are measured with --orders N
 * (100000) orders and --enquiries N (20000) enquiries; the inventory on PostgreSQL alone, one
 * process, with --movements N (1000000) stock movements. The scale part (distinct listings and
 * product pages, on PostgreSQL) runs at --products, or at each of --scale-products N,N (one
 * database filled up to each size in turn), with each of --scale-workers N,N (1,2) server
 * processes, the listings after --warmup N (60) seconds of the same load. The invoices part
 * lays out one invoice's PDF 100 times in this process, and measures the invoices list on PostgreSQL with --invoices N (100000) invoices. The soak part
 * (--only soak; not in a full run) sends mixed traffic for --minutes N (10) at --rate N (20)
 * actions a second to two processes on PostgreSQL (bench/soak.ts). The reports part (--only
 * reports) measures the Reports page and each quick report's CSV of a year on PostgreSQL, one
 * process, with --report-orders N (100000) orders over two years. The money path's model-based
 * test (--only model; not in a full run) runs --modelRuns N (200) random sequences on PGlite and,
 * when TEST_DATABASE_URL is set, on PostgreSQL (tests/integration/money-path-model.test.ts).
 * The delivery part (--only delivery; not in a full run) times checkout's delivery days for a
 * zone with --bookings N (1000) booked deliveries, in this process, on PGlite and PostgreSQL, then
 * the back office's Deliveries day view with --day-bookings N (5000) booked deliveries.
 * The e-mail part (--only email; not in a full run) renders the order confirmation's HTML
 * e-mail --rounds N (200) times in this process and prints the median (bench/email.ts).
 * The sign-up part (--only sign-up; not in a full run) times the built shop's three sign-up
 * forms and two forgot-password forms for --rounds N (40) addresses without an account and as
 * many with one, one request at a time on PGlite with its mail sent over SMTP, and fails unless
 * each form's medians are within 15 ms or 25% (bench/sign-up-timing.ts).
 * The same-window part (--only window, and last in a full run) holds this build against a
 * baseline checkout's build (--baseline DIR or SAME_WINDOW_BASELINE; left out without one):
 * --rounds N (5) alternated loads of --seconds each, after --warmup N (30) seconds, with
 * --also DIR,DIR (more builds of this checkout beside it) (bench/same-window.ts).
 * The floor part (--only floor, and after the scale part in a full run) serves distinct listings
 * from one process on PostgreSQL (--seconds N, 20, after --warmup N, 30, with --connections N, 4)
 * and reads --listings N (400) more in this process, written by a plain template: the floor
 * under a listing's processor time (bench/listing-floor.ts); then reads the listing index three
 * times and times --listings N distinct listings' passes over it (bench/listing-index.ts).
 */
const args = parseArgs(process.argv.slice(2));
const products = args.products ?? 10_000;
const runs = args.runs ?? 3;
const seconds = args.seconds ?? 10;
const connections = args.connections ?? 20;
const workers = args.workers ?? 2;
const only = args.only;
const backOffice = { orders: args.orders ?? 100_000, enquiries: args.enquiries ?? 20_000 };
const withLists = only === undefined || only === "lists";
const movements = args.movements ?? 1_000_000;
const invoiceCount = args.invoices ?? 100_000;
const reportOrders = args.reportOrders ?? 100_000;
const scaleSizes = args.scaleProducts ?? [products];
const scaleWorkers = args.scaleWorkers ?? [1, 2];
const warmupSeconds = args.warmup ?? 60;

/** The back office's lists at their largest: first page, a search, a filter, the last page. */
const ADMIN_LISTS = {
  "orders, first page": "/admin/orders",
  "orders, search": "/admin/orders?q=naledi+mokoena",
  "orders, filtered": "/admin/orders?status=completed&sort=total&dir=desc",
  "orders, last page": `/admin/orders?page=${Math.ceil(backOffice.orders / 20)}`,
  "consultations, first page": "/admin/enquiries/consultations",
  "consultations, search": "/admin/enquiries/consultations?q=visitor1234",
  "consultations, filtered": "/admin/enquiries/consultations?status=new",
  "consultations, last page": `/admin/enquiries/consultations?page=${Math.ceil(backOffice.enquiries / 2 / 20)}`,
};

const LISTINGS = {
  "/products": "/products",
  search: "/products?q=foam",
  // "queen memory foam" is read as filters and sent on (302) to this address.
  "understood search": "/products?f=bed-size-queen&f=mattress-type-memory-foam",
  filtered:
    "/products?q=bed&f=mattress-type-memory-foam&f=bed-size-queen&f=price-range-0-15000&sort=price-asc",
} as const;

async function main() {
  if (only === "model") {
    runMoneyPathModel();
    return;
  }
  if (only === "delivery") {
    await printDeliveryDays();
    return;
  }
  if (only === "email") {
    await printEmailRender();
    return;
  }
  const listingFloor = async () => {
    const floor = await benchListingFloor({
      products,
      seconds: args.seconds ?? 20,
      warmupSeconds: args.warmup ?? 30,
      connections: args.connections ?? 4,
      listings: args.listings ?? 400,
    });
    if (floor) printListingFloor(products, floor);
  };
  const sameWindow = () =>
    benchSameWindow({
      baselineDir: args.baseline ?? process.env.SAME_WINDOW_BASELINE,
      extraBuilds: args.also ?? [],
      products,
      rounds: args.rounds ?? 5,
      seconds,
      connections,
      warmupSeconds: args.warmup ?? 30,
    });
  if (!args.noBuild) {
    console.log("Building the shop...");
    const build = spawnSync("npm", ["run", "build"], {
      stdio: ["ignore", "ignore", "inherit"],
    });
    if (build.status !== 0) throw new Error("The build failed.");
  }
  if (only === "window") {
    await sameWindow();
    return;
  }
  if (only === "sign-up") {
    await printSignUpTiming();
    return;
  }
  if (only === "floor") {
    await listingFloor();
    return;
  }
  if (only === "inventory") {
    const inventory = await inventoryOnPostgres();
    if (inventory) printInventory(inventory.pages, inventory.adjustments);
    return;
  }
  if (only === "scale") {
    printScale(await scaleOnPostgres());
    return;
  }
  if (only === "invoices") {
    await printInvoices();
    return;
  }
  if (only === "reports") {
    await printReports();
    return;
  }
  if (only === "soak") {
    const result = await benchSoak({
      minutes: args.minutes ?? 10,
      products: products === 10_000 ? 2_000 : products,
      rate: args.rate ?? 20,
    });
    if (!result) return;
    console.log(
      `\nSoak: ${result.requests} requests, ${result.fivexx} 5xx, ${result.errorLines} error log lines; ${result.ordersPaid} orders paid, ${result.ordersInDatabase} in the database, ${result.ordersWithoutSale} without their sale or payment, ${result.oversold} levels oversold`,
    );
    console.log(result.passed ? "PASSED" : `FAILED:\n  ${result.reasons.join("\n  ")}`);
    if (!result.passed) process.exitCode = 1;
    return;
  }

  const pages: Record<string, PageScore> = {};
  const scripts: Record<string, { kb: number; files: number }> = {};
  const load: Record<string, Record<string, LoadResult>> = {};
  const lists: Record<string, Record<string, LatencyResult>> = {};

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-bench-"));
  try {
    const env = { DATA_DIR: dataDir, DATABASE_URL: "" };
    console.log(`Seeding ${products} products into PGlite...`);
    seedCatalogue(env, products, withLists ? backOffice : undefined);
    const shop = await startBenchShop(env);
    try {
      if (only === undefined || only === "lighthouse") {
        const productPath = await firstProductPath(shop.url);
        for (const [name, url] of [
          ["/", "/"],
          ["/products", "/products"],
          ["product page", productPath],
        ]) {
          console.log(`Lighthouse ${name} (${runs} runs)...`);
          pages[name!] = await auditPage(`${shop.url}${url}`, runs);
        }
        const paths = [
          "/",
          "/products",
          productPath,
          "/cart",
          "/checkout",
          "/about",
          "/contact",
          "/mattresses",
          "/faq",
          "/consultation",
        ];
        const counted = await firstLoadJsKb(paths.map((url) => `${shop.url}${url}`));
        for (const url of paths) scripts[url] = counted.get(`${shop.url}${url}`)!;
      }
      if (only === undefined || only === "load") load.PGlite = await loadAll(shop.url);
      if (withLists) {
        console.log("Back office lists on PGlite...");
        lists.PGlite = await benchAdminLists(shop.url, ADMIN_LISTS);
      }
    } finally {
      await shop.stop();
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  if (only === "lighthouse") {
    // PostgreSQL is only used for the load figures.
  } else if (await postgresAnswers()) {
    await withScratchDatabase("pg", async (env) => {
      console.log(`Seeding ${products} products into PostgreSQL...`);
      seedCatalogue(env, products, withLists ? backOffice : undefined);
      const shop = await startBenchShop({ ...env, WEB_CONCURRENCY: String(workers) });
      try {
        if (only === undefined || only === "load") {
          load[`PostgreSQL, ${workers} process${workers === 1 ? "" : "es"}`] = await loadAll(
            shop.url,
          );
        }
        if (withLists) {
          console.log("Back office lists on PostgreSQL...");
          lists.PostgreSQL = await benchAdminLists(shop.url, ADMIN_LISTS);
        }
      } finally {
        await shop.stop();
      }
    });
  } else {
    console.log("No PostgreSQL answered: its load figures are left out.");
  }

  printTables(pages, scripts, load);
  printLists(lists);
  if (only === undefined) {
    printScale(await scaleOnPostgres());
    await listingFloor();
    const inventory = await inventoryOnPostgres();
    if (inventory) printInventory(inventory.pages, inventory.adjustments);
    await printInvoices();
    await sameWindow();
  }
}

/** Sign-up's answers for new addresses and for addresses with an account, side by side. */
async function printSignUpTiming() {
  const rounds = args.rounds ?? 40;
  console.log(
    `Sign-up and forgot password, ${rounds} addresses without an account and ${rounds} with one, on each form...`,
  );
  const results = await benchSignUpTiming(rounds);
  console.log(
    `\nSign-up and forgot-password answers, one at a time, PGlite (goal: medians within ${ALIKE_MS} ms or ${Math.round((ALIKE_RATIO - 1) * 100)}%)`,
  );
  console.log(
    "| form | no account (new), median ms | with an account, median ms | ratio | difference ms | load average (1 min) |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const r of results) {
    console.log(
      `| ${r.form} | ${r.newMedianMs} | ${r.existingMedianMs} | ${r.ratio} | ${r.differenceMs} | ${r.loadAverage} |`,
    );
  }
  const apart = results.filter((r) => !r.alike);
  console.log(apart.length === 0 ? "PASSED" : `FAILED: ${apart.map((r) => r.form).join(", ")}`);
  if (apart.length > 0) process.exitCode = 1;
}

/** Checkout's delivery days for a zone with --bookings (1000) booked deliveries. */
async function printEmailRender() {
  const rounds = args.rounds ?? 200;
  console.log(`The order confirmation's HTML e-mail, ${rounds} renders...`);
  const r = await benchEmailRender(rounds);
  console.log("\nOrder confirmation e-mail, HTML layout rendered (goal: median <= 30 ms)");
  console.log("| renders | median ms | p95 ms | load average (1 min) |");
  console.log("| ---: | ---: | ---: | ---: |");
  console.log(`| ${r.rounds} | ${r.medianMs} | ${r.p95Ms} | ${r.loadAverage} |`);
}

async function printDeliveryDays() {
  const bookings = args.bookings ?? 1000;
  console.log(`Delivery days offered with ${bookings} booked deliveries...`);
  const results = await benchDeliveryDays(bookings);
  console.log(
    `\nDelivery days offered (10 days, the first 40 days full), ${bookings} bookings in the zone`,
  );
  console.log("| database | median ms | p95 ms | load average (1 min) |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const r of results) {
    console.log(`| ${r.database} | ${r.medianMs} | ${r.p95Ms} | ${r.loadAverage} |`);
  }
  const dayBookings = args.dayBookings ?? 5000;
  console.log(`\nThe Deliveries day view with ${dayBookings} booked deliveries...`);
  const day = await benchDeliveryDayView(dayBookings);
  console.log(`\nDeliveries day view (4 zones, 60 deliveries that day), ${dayBookings} bookings`);
  console.log("| database | median ms | p95 ms | load average (1 min) |");
  console.log("| --- | ---: | ---: | ---: |");
  for (const r of day) {
    console.log(`| ${r.database} | ${r.medianMs} | ${r.p95Ms} | ${r.loadAverage} |`);
  }
  console.log("\nA run sheet PDF of 30 stops, 50 times...");
  const sheet = await benchRunSheetPdf();
  console.log("\nRun sheet PDF (30 stops, two lines each; reads and layout; goal <= 150 ms)");
  console.log("| database | median ms | p95 ms | reads alone, median ms | load average (1 min) |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const r of sheet) {
    console.log(
      `| ${r.database} | ${r.medianMs} | ${r.p95Ms} | ${r.readsMedianMs} | ${r.loadAverage} |`,
    );
  }
}

/** One invoice's PDF, 100 times; the invoices list at --invoices invoices on PostgreSQL. */
async function printInvoices() {
  console.log("One invoice's PDF, 100 times in a row...");
  const pdf: PdfResult = await benchInvoicePdf(100);
  console.log(
    `\nInvoice PDF (8 lines, DejaVu Sans embedded), ${pdf.renders} in a row in one process: median ${pdf.medianMs} ms, p95 ${pdf.p95Ms} ms; heap after a full collection ${pdf.heapAfter10Mb} MB after 10, ${pdf.heapAfterAllMb} MB after ${pdf.renders}; RSS ${pdf.rssAfterAllMb} MB`,
  );
  if (!(await postgresAnswers())) {
    console.log("No PostgreSQL answered: the invoices list figures are left out.");
    return;
  }
  const pages = await withScratchDatabase("invoices", async (env) => {
    console.log(`Seeding 1000 products and ${invoiceCount} invoices into PostgreSQL...`);
    seedCatalogue(env, 1000);
    await seedInvoices(env.DATABASE_URL, invoiceCount);
    const shop = await startBenchShop({ ...env, WEB_CONCURRENCY: "1" });
    try {
      return await benchInvoiceList(shop.url, invoiceCount);
    } finally {
      await shop.stop();
    }
  });
  console.log(
    `\nInvoices list on PostgreSQL, one process, ${invoiceCount} invoices: one request at a time, the whole page`,
  );
  console.log("| page | median ms | p95 ms |");
  console.log("| --- | ---: | ---: |");
  for (const [name, r] of Object.entries(pages)) {
    console.log(`| ${name} | ${r.medianMs} | ${r.p95Ms} |`);
  }
}

/** The Reports page and the quick reports' CSV downloads on PostgreSQL, one process. */
async function printReports() {
  if (!(await postgresAnswers())) {
    console.log("No PostgreSQL answered: the reports figures are left out.");
    return;
  }
  const { pages, exports } = await withScratchDatabase("reports", async (env) => {
    console.log(
      `Seeding 1000 products and ${reportOrders} orders over two years into PostgreSQL...`,
    );
    seedCatalogue(env, 1000);
    await seedReportOrders(env.DATABASE_URL, reportOrders);
    const shop = await startBenchShop({ ...env, WEB_CONCURRENCY: "1" });
    try {
      return {
        pages: await benchReportsPage(shop.url),
        exports: await benchReportExports(shop.url, shop.pid),
      };
    } finally {
      await shop.stop();
    }
  });
  console.log(
    `\nReports page on PostgreSQL, one process, ${reportOrders} orders: one request at a time`,
  );
  console.log("| page | median ms | p95 ms |");
  console.log("| --- | ---: | ---: |");
  for (const [name, r] of Object.entries(pages))
    console.log(`| ${name} | ${r.medianMs} | ${r.p95Ms} |`);
  console.log("\nQuick reports' CSV for the last 365 days, one after another");
  console.log("| report | ms | rows | KB | RSS before MB | RSS peak MB | growth MB |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const [name, r] of Object.entries(exports)) {
    console.log(
      `| ${name} | ${r.ms} | ${r.rows} | ${Math.round(r.bytes / 1024)} | ${r.rssBeforeMb} | ${r.rssPeakMb} | ${r.rssPeakMb - r.rssBeforeMb} |`,
    );
  }
}

type ScaleRun = {
  products: number;
  workers: number;
  seedSeconds: number;
  results: Record<string, ScaleResult>;
  alone: AloneResult;
};

/**
 * Distinct listings and product pages on PostgreSQL, with each of `--scale-workers` processes
 * (1 and 2), at each size of `scaleSizes`: one database, filled up to each size in turn
 * (smallest first).
 */
async function scaleOnPostgres(): Promise<ScaleRun[]> {
  if (!(await postgresAnswers())) {
    console.log("No PostgreSQL answered: the scale figures are left out.");
    return [];
  }
  return withScratchDatabase("scale", async (env) => {
    const out: ScaleRun[] = [];
    for (const size of [...scaleSizes].sort((a, b) => a - b)) {
      console.log(`Seeding up to ${size} products into PostgreSQL...`);
      const started = Date.now();
      seedCatalogue(env, size);
      const seedSeconds = Math.round((Date.now() - started) / 1000);
      for (const processes of scaleWorkers) {
        const shop = await startBenchShop({ ...env, WEB_CONCURRENCY: String(processes) });
        try {
          const { results, alone } = await benchScale(shop.url, shop.pid, env.DATABASE_URL, {
            connections,
            seconds,
            runs,
            warmupSeconds,
          });
          out.push({ products: size, workers: processes, seedSeconds, results, alone });
        } finally {
          await shop.stop();
        }
      }
    }
    return out;
  });
}

function printScale(scale: ScaleRun[]) {
  if (scale.length === 0) return;
  console.log(
    `\nAt scale on PostgreSQL, ${connections} connections for ${seconds} s (median of ${runs} runs; the listings after ${warmupSeconds} s of the same load), never the same listing address twice; processor time a request in ms over the runs, the shop's processes and PostgreSQL's apart; RSS in MB per server process: before the load / peak during it / 10 s after it`,
  );
  console.log(
    "| products | processes | pages | requests/s | p50 ms | p99 ms | shop CPU ms | PostgreSQL CPU ms | errors | non-2xx | addresses | RSS before | RSS peak | RSS after |",
  );
  console.log(
    "| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |",
  );
  for (const run of scale) {
    for (const [name, r] of Object.entries(run.results)) {
      console.log(
        `| ${run.products} | ${run.workers} | ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.shopCpuMs.toFixed(1)} | ${r.postgresCpuMs.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${r.addresses} | ${r.rssIdle.join(" / ")} | ${r.rssPeak.join(" / ")} | ${r.rssAfter.join(" / ")} |`,
      );
    }
  }
  // Issue 37, point 2: the largest catalogue's distinct listings against the smallest's.
  const sizes = [...new Set(scale.map((run) => run.products))];
  if (sizes.length > 1) {
    const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
    for (const processes of new Set(scale.map((run) => run.workers))) {
      const at = (size: number) =>
        scale.find((run) => run.products === size && run.workers === processes)?.results[
          "distinct listings"
        ];
      const [a, b] = [at(small), at(large)];
      if (!a || !b) continue;
      console.log(
        `Distinct listings, ${processes} process${processes === 1 ? "" : "es"}: ${large} products against ${small}: requests/s ${(a.rps / b.rps).toFixed(2)} times fewer, p99 ${(b.p99 / a.p99).toFixed(2)} times (goal: at most 1.5)`,
      );
    }
  }
  for (const run of scale) {
    const a = run.alone;
    console.log(
      `${a.count} distinct listings one at a time, ${run.products} products, ${run.workers} process${run.workers === 1 ? "" : "es"}: p50 ${a.p50} ms, p99 ${a.p99} ms, slowest ${a.max} ms, ${a.over150} above 150 ms`,
    );
  }
  for (const run of scale.filter(
    (r, i) => scale.findIndex((s) => s.products === r.products) === i,
  )) {
    console.log(`Seeding up to ${run.products} products took ${run.seedSeconds} s.`);
  }
}

/** The inventory at --products products and --movements movements, on PostgreSQL, one process. */
async function inventoryOnPostgres() {
  if (!(await postgresAnswers())) {
    console.log("No PostgreSQL answered: the inventory figures are left out.");
    return undefined;
  }
  return withScratchDatabase("inventory", async (env) => {
    console.log(`Seeding ${products} products and ${movements} stock movements into PostgreSQL...`);
    seedCatalogue(env, products, undefined, movements);
    const shop = await startBenchShop({ ...env, WEB_CONCURRENCY: "1" });
    try {
      console.log("Inventory on PostgreSQL...");
      return await benchInventory(shop.url, env.DATABASE_URL);
    } finally {
      await shop.stop();
    }
  });
}

function printInventory(pages: Record<string, LatencyResult>, adjustments: AdjustmentResult) {
  console.log(
    `\nInventory on PostgreSQL, one process, ${products} products and ${movements} stock movements: one request at a time, the whole page`,
  );
  console.log("| page | median ms | p95 ms |");
  console.log("| --- | ---: | ---: |");
  for (const [name, r] of Object.entries(pages)) {
    console.log(`| ${name} | ${r.medianMs} | ${r.p95Ms} |`);
  }
  const a = adjustments;
  console.log(
    `\n${a.adjustments} adjustments of one level at once: all saved in ${a.wallMs} ms (each ${a.medianMs} ms median, ${a.maxMs} ms at most); on hand ${a.onHandBefore} -> ${a.onHandAfter} (expected ${a.expectedOnHand}), sum of its movements ${a.ledgerSum}: ${a.exact ? "exact" : "NOT EXACT"}`,
  );
}

async function loadAll(base: string): Promise<Record<string, LoadResult>> {
  const results: Record<string, LoadResult> = {};
  for (const [name, url] of Object.entries(LISTINGS)) {
    console.log(`Load ${name}: ${connections} connections, ${seconds} s...`);
    results[name] = await loadTest(`${base}${url}`, connections, seconds, { runs });
  }
  // The same filtered listing at a new address every time: the cost of a page not rendered yet.
  console.log(`Load filtered, new address each time: ${connections} connections, ${seconds} s...`);
  results["filtered, never the same address"] = await loadTest(
    `${base}${LISTINGS.filtered}`,
    connections,
    seconds,
    { uniqueAddresses: true, runs },
  );
  return results;
}

async function firstProductPath(base: string): Promise<string> {
  const html = await (await fetch(`${base}/products`)).text();
  const match = html.match(/href="(\/products\/[a-z0-9-]+)"/);
  if (!match?.[1]) throw new Error("No product link found on /products.");
  return match[1];
}

function printTables(
  pages: Record<string, PageScore>,
  scripts: Record<string, { kb: number; files: number }>,
  load: Record<string, Record<string, LoadResult>>,
) {
  if (Object.keys(pages).length > 0) {
    console.log(`\nLighthouse, mobile (median of ${runs} runs), ${products} products`);
    console.log("| page | performance | FCP ms | LCP ms | TBT ms | CLS | JS KB transferred |");
    console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    for (const [name, p] of Object.entries(pages)) {
      console.log(
        `| ${name} | ${p.score} | ${Math.round(p.fcpMs)} | ${Math.round(p.lcpMs)} | ${Math.round(p.tbtMs)} | ${p.cls.toFixed(3)} | ${p.jsKb.toFixed(1)} |`,
      );
    }
  }
  if (Object.keys(scripts).length > 0) {
    console.log(
      "\nJavaScript on first load: the script files a page references, on the wire with headers",
    );
    console.log("| page | JS KB transferred | files |");
    console.log("| --- | ---: | ---: |");
    for (const [url, s] of Object.entries(scripts)) {
      console.log(`| ${url} | ${s.kb.toFixed(1)} | ${s.files} |`);
    }
  }
  if (Object.keys(load).length === 0) return;
  console.log(
    `\nLoad, ${connections} connections for ${seconds} s each (median of ${runs} runs), ${products} products`,
  );
  console.log("| database | listing | requests/s | p50 ms | p99 ms | errors | non-2xx |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  for (const [database, results] of Object.entries(load)) {
    for (const [name, r] of Object.entries(results)) {
      console.log(
        `| ${database} | ${name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`,
      );
    }
  }
}

function printLists(lists: Record<string, Record<string, LatencyResult>>) {
  if (Object.keys(lists).length === 0) return;
  console.log(
    `\nBack office lists, ${backOffice.orders} orders and ${backOffice.enquiries} enquiries: one request at a time, the whole page`,
  );
  console.log("| database | page | median ms | p95 ms |");
  console.log("| --- | --- | ---: | ---: |");
  for (const [database, results] of Object.entries(lists)) {
    for (const [name, r] of Object.entries(results)) {
      console.log(`| ${database} | ${name} | ${r.medianMs} | ${r.p95Ms} |`);
    }
  }
}

type Args = Partial<
  Record<
    | "products"
    | "runs"
    | "seconds"
    | "connections"
    | "workers"
    | "orders"
    | "enquiries"
    | "movements"
    | "invoices"
    | "minutes"
    | "rate"
    | "warmup"
    | "modelRuns"
    | "reportOrders"
    | "bookings"
    | "dayBookings"
    | "rounds"
    | "listings",
    number
  > & {
    only:
      | "lighthouse"
      | "load"
      | "lists"
      | "inventory"
      | "scale"
      | "invoices"
      | "reports"
      | "soak"
      | "model"
      | "delivery"
      | "email"
      | "window"
      | "floor"
      | "sign-up";
    noBuild: boolean;
    scaleProducts: number[];
    scaleWorkers: number[];
    baseline: string;
    also: string[];
  }
>;

function parseArgs(argv: string[]): Args {
  const out: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i]?.replace(/^--/, "");
    if (key === "no-build") {
      out.noBuild = true;
    } else if (key === "only") {
      const value = argv[++i];
      if (
        value !== "lighthouse" &&
        value !== "load" &&
        value !== "lists" &&
        value !== "inventory" &&
        value !== "scale" &&
        value !== "invoices" &&
        value !== "reports" &&
        value !== "soak" &&
        value !== "model" &&
        value !== "delivery" &&
        value !== "email" &&
        value !== "window" &&
        value !== "floor" &&
        value !== "sign-up"
      ) {
        throw new Error(
          "--only lighthouse|load|lists|inventory|scale|invoices|reports|soak|model|delivery|email|window|floor|sign-up",
        );
      }
      out.only = value;
    } else if (key === "baseline") {
      const value = argv[++i];
      if (!value) throw new Error("--baseline needs a folder: another checkout of the shop, built");
      out.baseline = value;
    } else if (key === "also") {
      out.also = (argv[++i] ?? "").split(",").filter(Boolean);
    } else if (key === "report-orders") {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value < 1) throw new Error("--report-orders needs a number");
      out.reportOrders = value;
    } else if (key === "scale-products") {
      const sizes = (argv[++i] ?? "").split(",").map(Number);
      if (sizes.some((n) => !Number.isFinite(n) || n < 1)) {
        throw new Error("--scale-products needs numbers, e.g. 10000,100000");
      }
      out.scaleProducts = sizes;
    } else if (key === "scale-workers") {
      const counts = (argv[++i] ?? "").split(",").map(Number);
      if (counts.some((n) => !Number.isInteger(n) || n < 1)) {
        throw new Error("--scale-workers needs process counts, e.g. 1,2");
      }
      out.scaleWorkers = counts;
    } else if (
      key === "products" ||
      key === "runs" ||
      key === "seconds" ||
      key === "connections" ||
      key === "workers" ||
      key === "orders" ||
      key === "enquiries" ||
      key === "movements" ||
      key === "invoices" ||
      key === "minutes" ||
      key === "rate" ||
      key === "warmup" ||
      key === "modelRuns" ||
      key === "bookings" ||
      key === "rounds" ||
      key === "listings" ||
      key === "day-bookings"
    ) {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value < 1) throw new Error(`--${key} needs a number`);
      out[key === "day-bookings" ? "dayBookings" : key] = value;
    } else {
      throw new Error(`Unknown option ${argv[i]}`);
    }
  }
  return out;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/** The money path's model-based test, longer than CI runs it. */
function runMoneyPathModel() {
  const run = spawnSync("npx", ["vitest", "run", "tests/integration/money-path-model.test.ts"], {
    stdio: "inherit",
    env: { ...process.env, MODEL_RUNS: String(args.modelRuns ?? 200) },
  });
  if (run.status !== 0) throw new Error("The money path model found a broken invariant.");
}
