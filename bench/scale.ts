import { spawnSync } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";
import pg from "pg";
import {
  CHECKBOX_GROUPS,
  PRICE_RANGE,
  SORT_OPTIONS,
  type ListingQuery,
} from "../app/domain/catalog/listing-query";
import { understandSearch } from "~/domain/catalog/understand-search";
import { median } from "./lighthouse";
import { PHONE_HEADERS, type LoadResult } from "./load";

const LISTING_PATHS = ["/products", "/mattresses", "/beds", "/bedding"] as const;

/**
 * Words shoppers type: the catalogue's kinds, sizes, materials, brands and range names, and a
 * few misspellings (which the search widens to the shop's closest words).
 */
const SEARCH_WORDS = [
  "mattress",
  "bed",
  "foam",
  "memory",
  "latex",
  "hybrid",
  "spring",
  "pocket",
  "queen",
  "king",
  "double",
  "single",
  "pillow",
  "duvet",
  "sheet",
  "cotton",
  "frame",
  "storage",
  "divan",
  "base",
  "adjustable",
  "headboard",
  "orthopaedic",
  "firm",
  "plush",
  "gel",
  "cool",
  "sealy",
  "simmons",
  "serta",
  "restonic",
  "edblo",
  "dunlopillo",
  "vitafoam",
  "serenity",
  "harmony",
  "karoo",
  "protea",
  "baobab",
  "heritage",
  "bliss",
  "sapphire",
  "platinum",
  "everest",
  "matress",
  "memmory",
  "quen",
  "pilow",
  "sealey",
  "duvett",
] as const;

/** A small seeded generator, so every run asks for the same sequence of addresses. */
function randomFor(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  return { next, int, pick };
}

/**
 * Listing addresses that are never the same twice: a random path, search (none in a third of
 * them), one to three filter groups with one or two options each (the options the filter panel
 * offers), sometimes a price range, a sort and a page (mostly the first). Each address is the
 * canonical form the shop's own links use, and a query already asked for is drawn again.
 */
export function distinctListings(seed = 1) {
  const random = randomFor(seed);
  const seen = new Set<string>();
  const draw = (): string => {
    const path = random.pick(LISTING_PATHS);
    const params = new URLSearchParams();
    if (random.next() > 0.33) {
      const words = 1 + random.int(3);
      const q = Array.from({ length: words }, () => random.pick(SEARCH_WORDS));
      const text = [...new Set(q)].join(" ");
      // Words the shop reads as filters (sizes, kinds, materials) send the shopper on to the
      // filtered address; the filter groups below draw those, so the text kept is text only.
      if (understandSearch(text).remainingText === text) params.set("q", text);
    }
    const selections: ListingQuery["selections"] = {};
    const groups = random.int(4);
    for (let i = 0; i < groups; i++) {
      const group = random.pick(CHECKBOX_GROUPS);
      const chosen = new Set(selections[group.id] ?? []);
      const options = 1 + random.int(2);
      const ids: readonly string[] = group.options.map((o) => o.id);
      for (let j = 0; j < options; j++) chosen.add(random.pick(ids));
      selections[group.id] = [...chosen].sort();
    }
    for (const group of CHECKBOX_GROUPS) {
      for (const option of selections[group.id] ?? []) params.append("f", `${group.id}-${option}`);
    }
    if (random.next() < 0.3) {
      const steps = (PRICE_RANGE.max - PRICE_RANGE.min) / PRICE_RANGE.step;
      const a = random.int(steps + 1) * PRICE_RANGE.step;
      const b = random.int(steps + 1) * PRICE_RANGE.step;
      params.append("f", `${PRICE_RANGE.id}-${Math.min(a, b)}-${Math.max(a, b)}`);
    }
    const sort = random.pick(SORT_OPTIONS).value;
    if (sort !== "featured") params.set("sort", sort);
    const pageRoll = random.next();
    const page = pageRoll < 0.7 ? 1 : pageRoll < 0.9 ? 2 : 3;
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `${path}?${search}` : path;
  };
  return () => {
    for (;;) {
      const address = draw();
      if (seen.has(address)) continue;
      seen.add(address);
      return address;
    }
  };
}

/** Product pages in a shuffled order, each once before any comes again. */
export function productPages(slugs: string[], seed = 2) {
  const random = randomFor(seed);
  const order = [...slugs];
  for (let i = order.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  let next = 0;
  return () => `/products/${order[next++ % order.length]}`;
}

/** The server processes of a shop: the started process and, under node cluster, its children. */
export function serverProcesses(pid: number): number[] {
  const children = new Set<number>();
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of text.split(/\s+/).filter(Boolean)) children.add(Number(child));
    }
  } catch {
    // no /proc/<pid>/task/*/children: look at every process's parent instead
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        if (ppid === pid) children.add(Number(entry));
      } catch {
        // gone meanwhile
      }
    }
  }
  return children.size > 0 ? [...children].sort((a, b) => a - b) : [pid];
}

/** A process's resident memory in MB (VmRSS), or null once it is gone. */
function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(status.match(/^VmRSS:\s+(\d+)\s+kB/m)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/** Samples each process's RSS every `everyMs` and keeps each one's peak. */
function rssSampler(pids: number[], everyMs = 200) {
  const peak = new Map<number, number>(pids.map((pid) => [pid, rssMb(pid) ?? 0]));
  const timer = setInterval(() => {
    for (const pid of pids) peak.set(pid, Math.max(peak.get(pid)!, rssMb(pid) ?? 0));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return pids.map((pid) => peak.get(pid)!);
    },
  };
}

/** Clock ticks a second of /proc's utime and stime (USER_HZ; 100 on Linux). */
const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** A process's processor time so far (every thread: user and system), in ms, from /proc. */
export function processorMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // Fields 14 and 15 of stat(5); this list starts at field 3.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

/** Processor time so far of each process whose name is `name`, ms by process id, from /proc. */
export function processorMsByName(name: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) !== name) continue;
      out.set(Number(entry), processorMs(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/**
 * PostgreSQL's processor time between two readings of `processorMsByName("postgres")`: each
 * process there at the end, less what it had used at the start (a backend started meanwhile
 * counts whole). A backend that ended meanwhile takes its share with it; the shop's pool keeps
 * its connections through a load, so that is rare.
 */
export function postgresMsBetween(before: Map<number, number>, after: Map<number, number>) {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

export type ScaleResult = LoadResult & {
  /** Processor time a request over the measured runs, ms: the shop's processes, PostgreSQL's. */
  shopCpuMs: number;
  postgresCpuMs: number;
  /** Requests answered over the measured runs. */
  requests: number;
  /** Per server process, MB: before the load, its peak during it, and after it settled. */
  rssIdle: number[];
  rssPeak: number[];
  rssAfter: number[];
  /** Distinct addresses asked for, warm-up included. */
  addresses: number;
};

/** How long after the load the "after" RSS is read (timers and the GC run meanwhile). */
const SETTLE_MS = 10_000;

/**
 * `connections` concurrent connections for `seconds` (after a warm-up of `warmupSeconds`, 2 by
 * default, `runs` times, the median of each figure kept), every request asking for the next
 * address `nextPath` gives, while every server process's RSS is sampled every 200 ms.
 */
export async function scaleLoad(
  base: string,
  serverPid: number,
  nextPath: () => string,
  options: { connections: number; seconds: number; runs: number; warmupSeconds?: number },
): Promise<ScaleResult> {
  const pids = serverProcesses(serverPid);
  const rssIdle = pids.map((pid) => rssMb(pid) ?? 0);
  let addresses = 0;
  const load = {
    url: base,
    connections: options.connections,
    headers: PHONE_HEADERS,
    requests: [
      {
        setupRequest: (request: autocannon.Request) => {
          addresses++;
          return { ...request, path: nextPath() };
        },
      },
    ],
  };
  const sampler = rssSampler(pids);
  await autocannon({ ...load, duration: options.warmupSeconds ?? 2 });
  const shopPids = [serverPid, ...pids.filter((pid) => pid !== serverPid)];
  const shopMs = () => shopPids.reduce((sum, pid) => sum + processorMs(pid), 0);
  const shopBefore = shopMs();
  const postgresBefore = processorMsByName("postgres");
  const results: autocannon.Result[] = [];
  for (let run = 0; run < options.runs; run++) {
    results.push(await autocannon({ ...load, duration: options.seconds }));
  }
  const answered = results.reduce((sum, r) => sum + r.requests.total, 0);
  const shopCpuMs = (shopMs() - shopBefore) / answered;
  const postgresCpuMs = postgresMsBetween(postgresBefore, processorMsByName("postgres")) / answered;
  const rssPeak = sampler.stop();
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rssAfter = pids.map((pid) => rssMb(pid) ?? 0);
  return {
    rps: Math.round(median(results.map((r) => r.requests.average))),
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    shopCpuMs,
    postgresCpuMs,
    requests: answered,
    rssIdle,
    rssPeak,
    rssAfter,
    addresses,
  };
}

export type AloneResult = { count: number; p50: number; p99: number; max: number; over150: number };

/**
 * `count` distinct listings asked for one at a time, each timed on its own from the request to
 * the last byte: what a listing costs with no queue in front of it (issue 37's "no single search
 * or filter combination above 150 ms"). Drawn from their own stream, so the load before them did
 * not warm their pages.
 */
export async function listingsAlone(base: string, count: number): Promise<AloneResult> {
  const next = distinctListings(3);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(base + next(), { headers: PHONE_HEADERS, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`A listing answered ${response.status}.`);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(count - 1, Math.floor(count * q))]!);
  return {
    count,
    p50: at(0.5),
    p99: at(0.99),
    max: Math.round(sorted[count - 1]!),
    over150: times.filter((t) => t > 150).length,
  };
}

/** The slugs of the active products, to ask for their pages. */
export async function activeProductSlugs(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ slug: string }>(
      "select slug from products where status = 'active' order by id",
    );
    return result.rows.map((r) => r.slug);
  } finally {
    await client.end();
  }
}

/**
 * Distinct listings, then product pages across every active product, against a shop started on
 * `databaseUrl`. The listings' figures are taken after `warmupSeconds` of the same load: a
 * process just started spends a large part of a core compiling the shop's code for the first
 * minute under load (bench/README.md, "Warmed up"), and a shop's processes run for days.
 */
export async function benchScale(
  base: string,
  serverPid: number,
  databaseUrl: string,
  options: { connections: number; seconds: number; runs: number; warmupSeconds: number },
): Promise<{ results: Record<string, ScaleResult>; alone: AloneResult }> {
  const results: Record<string, ScaleResult> = {};
  console.log(
    `Scale: distinct listings, ${options.connections} connections, ${options.warmupSeconds} s to warm up, ${options.seconds} s x ${options.runs}...`,
  );
  results["distinct listings"] = await scaleLoad(base, serverPid, distinctListings(), options);
  console.log("Scale: 200 distinct listings one at a time...");
  const alone = await listingsAlone(base, 200);
  const slugs = await activeProductSlugs(databaseUrl);
  console.log(`Scale: product pages across ${slugs.length} products...`);
  // Each product once before any comes again: a long warm-up would use most of them up.
  results["product pages"] = await scaleLoad(base, serverPid, productPages(slugs), {
    ...options,
    warmupSeconds: 2,
  });
  return { results, alone };
}
