import fs from "node:fs";
import pg from "pg";
import { DEMO_OWNER } from "../app/domain/auth/demo-owner";
import { startShop } from "../scripts/shop-process";
import { postgresAnswers, withScratchDatabase } from "./postgres";
import { activeProductSlugs, serverProcesses } from "./scale";
import { seedCatalogue } from "./server";

export type SoakMinute = {
  minute: number;
  rps: number;
  p99: number;
  /** Each process's RSS as the minute ended. */
  rssMb: number[];
  /** Each process's median RSS over the minute, sampled every second. */
  medianRssMb: number[];
};
export type SoakResult = {
  minutes: SoakMinute[];
  requests: number;
  fivexx: number;
  errorLines: number;
  ordersPaid: number;
  ordersInDatabase: number;
  ordersWithoutSale: number;
  oversold: number;
  passed: boolean;
  reasons: string[];
};

const rssMb = (pid: number): number => {
  try {
    const kb = Number(/^VmRSS:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
};

/**
 * `npm run bench -- --only soak --minutes 10`: mixed traffic at a steady rate against the built
 * shop on PostgreSQL with two processes, for `minutes`: shoppers browse, search, open product
 * pages, price their carts and buy (placing orders and paying them through the demo gateway),
 * staff sign in, open their lists and move paid orders along. A line each minute: requests/s,
 * p99 and each process's RSS. It passes when nothing answered 5xx and no error was logged,
 * every order paid is in the database with its sale in the stock ledger and nothing is sold
 * below zero, the last minute's p99 is at most 1.5 times the second's, and each process's RSS
 * at the end is within 10 % of its RSS after two minutes.
 */
export async function benchSoak(options: {
  minutes: number;
  products: number;
  rate: number;
}): Promise<SoakResult | undefined> {
  if (!(await postgresAnswers())) {
    console.log("No PostgreSQL answered: the soak test needs one.");
    return undefined;
  }
  return withScratchDatabase("soak", async (env) => {
    console.log(`Seeding ${options.products} products into PostgreSQL...`);
    seedCatalogue(env, options.products);
    const shop = await startShop({
      env: { ...env, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" },
      output: "ignore",
      captureStdout: true,
      captureStderr: true,
    });
    try {
      return await soak(shop.url, shop.pid, env.DATABASE_URL, options, () => shop.stdout());
    } finally {
      await shop.stop();
    }
  });
}

async function soak(
  base: string,
  pid: number,
  databaseUrl: string,
  options: { minutes: number; rate: number },
  logs: () => string,
): Promise<SoakResult> {
  const slugs = await activeProductSlugs(databaseUrl);
  const variants = await inStockVariants(databaseUrl);
  const pids = serverProcesses(pid);
  let times: number[] = [];
  // RSS swings by tens of MB with each full collection, so one reading says little: every
  // process is read once a second, and each minute reports the median of its readings too.
  let rssSamples: number[][] = pids.map(() => []);
  const sampler = setInterval(() => pids.forEach((p, i) => rssSamples[i]!.push(rssMb(p))), 1000);
  let requests = 0;
  let fivexx = 0;
  let ordersPaid = 0;
  const failures: string[] = [];

  const send = async (path: string, init: RequestInit = {}) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { redirect: "manual", ...init });
    await response.arrayBuffer();
    times.push(performance.now() - started);
    requests++;
    if (response.status >= 500) {
      fivexx++;
      if (failures.length < 10)
        failures.push(`${init.method ?? "GET"} ${path}: ${response.status}`);
    }
    return response;
  };
  const form = (fields: Record<string, string>, cookie = ""): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields).toString(),
  });
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

  const signIn = await send(
    "/admin-login",
    form({ email: DEMO_OWNER.email, password: DEMO_OWNER.password, rememberMe: "on" }),
  );
  const staff = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const paidOrders: string[] = [];

  const actions: [weight: number, run: () => Promise<unknown>][] = [
    [20, () => send(pick(["/", "/products", "/mattresses", "/beds", "/bedding"]))],
    [15, () => send(`/products?q=${pick(["foam", "cotton", "orthopaedic", "storage", "sealy"])}`)],
    [25, () => send(`/products/${pick(slugs)}`)],
    [
      10,
      () =>
        send("/api/cart-lines", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ variantIds: [pick(variants), pick(variants)] }),
        }),
    ],
    [3, () => buy()],
    [
      4,
      () =>
        send(pick(["/admin/orders", "/admin/products", "/admin/inventory"]), {
          headers: { cookie: staff },
        }),
    ],
    [1, () => moveAnOrder()],
  ];
  const total = actions.reduce((s, [w]) => s + w, 0);

  async function buy() {
    const placed = await send(
      "/checkout",
      form({
        firstName: "Soak",
        lastName: "Shopper",
        email: "soak@example.com",
        phone: "083 000 1111",
        address: "1 Test Street",
        city: "Mahikeng",
        province: "NW",
        postal: "2745",
        deliveryMethod: "standard",
        paymentMethod: "card",
        terms: "on",
        lines: JSON.stringify([{ variantId: pick(variants), quantity: 1 }]),
        idempotencyKey: `soak-${crypto.randomUUID()}`,
      }),
    );
    const payment = /^\/payments\/([\w-]+)$/.exec(placed.headers.get("location") ?? "")?.[1];
    if (!payment) return; // out of stock: refused with a message, as it should be
    const gateway = (await send(`/payments/${payment}`)).headers.get("location") ?? "";
    const query = /\/demo-gateway\?(.+)$/.exec(gateway)?.[1];
    if (!query) return;
    const paid = await send(
      `/demo-gateway?${query}`,
      form({
        cardNumber: "4242 4242 4242 4242",
        expiry: "12/39",
        cvv: "123",
        cardName: "S Shopper",
        intent: "approve",
      }),
    );
    if (paid.status < 400) {
      ordersPaid++;
      const number = /\/orders\/(\d+)/.exec(paid.headers.get("location") ?? "")?.[1];
      if (number) paidOrders.push(number);
    }
  }

  async function moveAnOrder() {
    const number = paidOrders.shift();
    if (!number) return;
    await send(`/admin/orders/${number}`, form({ status: "processing" }, staff));
  }

  const minutes: SoakMinute[] = [];
  const started = Date.now();
  const inFlight = new Set<Promise<unknown>>();
  let nextMinute = started + 60_000;
  while (Date.now() - started < options.minutes * 60_000) {
    const tickStarted = Date.now();
    // This second's share of the rate, started evenly over it.
    for (let i = 0; i < options.rate; i++) {
      let r = Math.random() * total;
      const action = actions.find(([w]) => (r -= w) < 0)![1];
      const work: Promise<unknown> = action()
        .catch((error: unknown) => {
          if (failures.length < 10) failures.push(`no answer: ${(error as Error).message}`);
        })
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
      await new Promise((resolve) => setTimeout(resolve, 1000 / options.rate));
    }
    if (Date.now() >= nextMinute) {
      const sorted = times.sort((a, b) => a - b);
      const minute: SoakMinute = {
        minute: minutes.length + 1,
        rps: Math.round((sorted.length / ((Date.now() - (nextMinute - 60_000)) / 1000)) * 10) / 10,
        p99: Math.round(sorted[Math.ceil(sorted.length * 0.99) - 1] ?? 0),
        rssMb: pids.map(rssMb),
        medianRssMb: rssSamples.map((samples) => median(samples)),
      };
      minutes.push(minute);
      console.log(
        `minute ${minute.minute}: ${minute.rps} requests/s, p99 ${minute.p99} ms, RSS ${minute.rssMb.join(" / ")} MB (median over the minute ${minute.medianRssMb.join(" / ")} MB)`,
      );
      times = [];
      rssSamples = pids.map(() => []);
      nextMinute += 60_000;
    }
    void tickStarted;
  }
  await Promise.all(inFlight);
  clearInterval(sampler);

  const errorLines = logs()
    .split("\n")
    .filter((line) => /"level":(50|60)/.test(line)).length;
  const ledger = await checkLedger(databaseUrl);
  const reasons: string[] = [...failures];
  if (fivexx > 0) reasons.push(`${fivexx} answers were 5xx`);
  if (errorLines > 0) reasons.push(`${errorLines} error lines were logged`);
  if (ledger.paid < ordersPaid)
    reasons.push(`${ordersPaid} orders paid, ${ledger.paid} in the database`);
  if (ledger.withoutSale > 0)
    reasons.push(`${ledger.withoutSale} paid orders have no sale in the ledger`);
  if (ledger.oversold > 0) reasons.push(`${ledger.oversold} stock levels below zero`);
  const second = minutes[1];
  const last = minutes.at(-1);
  if (second && last && last.p99 > 1.5 * second.p99) {
    reasons.push(`last minute's p99 ${last.p99} ms is over 1.5 x the second's (${second.p99} ms)`);
  }
  if (second && last) {
    // RSS after two minutes and at the end: each the median of that minute's readings.
    last.medianRssMb.forEach((mb, i) => {
      const after2 = second.medianRssMb[i] ?? 0;
      if (after2 > 0 && Math.abs(mb - after2) > after2 * 0.1) {
        reasons.push(
          `process ${i + 1}'s RSS went from ${after2} MB in minute 2 to ${mb} MB in the last (medians)`,
        );
      }
    });
  }
  return {
    minutes,
    requests,
    fivexx,
    errorLines,
    ordersPaid,
    ordersInDatabase: ledger.paid,
    ordersWithoutSale: ledger.withoutSale,
    oversold: ledger.oversold,
    passed: reasons.length === 0,
    reasons,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function inStockVariants(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ variant_id: number }>(
      "select variant_id from stock_levels group by variant_id having sum(on_hand) > 5 order by variant_id limit 500",
    );
    return rows.map((r) => r.variant_id);
  } finally {
    await client.end();
  }
}

async function checkLedger(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const paid = await client.query<{ n: number }>(
      "select count(*)::int as n from orders where payment_status = 'paid' and email = 'soak@example.com'",
    );
    const withoutSale = await client.query<{ n: number }>(
      `select count(*)::int as n from orders o
       where o.payment_status = 'paid' and o.email = 'soak@example.com'
         and (not exists (select 1 from stock_movements m where m.order_id = o.id and m.kind = 'sale')
              or not exists (select 1 from payments p where p.order_id = o.id and p.status = 'approved'))`,
    );
    const oversold = await client.query<{ n: number }>(
      "select count(*)::int as n from stock_levels where on_hand < 0 or reserved < 0 or reserved > on_hand",
    );
    return {
      paid: paid.rows[0]!.n,
      withoutSale: withoutSale.rows[0]!.n,
      oversold: oversold.rows[0]!.n,
    };
  } finally {
    await client.end();
  }
}
