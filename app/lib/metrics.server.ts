import client from "prom-client";

/**
 * The shop's metrics for Prometheus (served at /metrics when METRICS_TOKEN is set): requests by
 * route pattern and status, the database pool, the event loop, the caches, the background jobs,
 * orders placed and paid. Each server process counts its own; under WEB_CONCURRENCY the primary
 * adds the processes' figures up when /metrics is asked (server/metrics-endpoint.ts). No label
 * carries anything a visitor typed: routes are patterns (/products/:slug), never addresses.
 */
const registry = client.register;

function once<T extends client.Metric>(name: string, make: () => T): T {
  return (registry.getSingleMetric(name) as T | undefined) ?? make();
}

if (!registry.getSingleMetric("process_cpu_seconds_total")) {
  client.collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
}

export const httpRequestDuration = once(
  "shop_http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "shop_http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    }),
);

const cacheLookups = once(
  "shop_cache_lookups_total",
  () =>
    new client.Counter({
      name: "shop_cache_lookups_total",
      help: "Lookups in the shop's in-memory caches, by cache and result (hit or miss)",
      labelNames: ["cache", "result"] as const,
    }),
);

/** What a cache calls on each lookup (SizedCache's onLookup). */
export function countCacheLookups(cache: string): (hit: boolean) => void {
  const hits = cacheLookups.labels(cache, "hit");
  const misses = cacheLookups.labels(cache, "miss");
  return (hit) => (hit ? hits.inc() : misses.inc());
}

export const ordersPlaced = once(
  "shop_orders_placed_total",
  () => new client.Counter({ name: "shop_orders_placed_total", help: "Orders placed" }),
);
export const ordersPaid = once(
  "shop_orders_paid_total",
  () => new client.Counter({ name: "shop_orders_paid_total", help: "Orders paid" }),
);

const jobLastRun = once(
  "shop_job_last_run_timestamp_seconds",
  () =>
    new client.Gauge({
      name: "shop_job_last_run_timestamp_seconds",
      help: "When each background job last ran to the end (Unix time)",
      labelNames: ["job"] as const,
      aggregator: "max",
    }),
);
const jobFailures = once(
  "shop_job_failures_total",
  () =>
    new client.Counter({
      name: "shop_job_failures_total",
      help: "Background job runs that failed",
      labelNames: ["job"] as const,
    }),
);

/** Records one run of a background job: when it ended, or that it failed. */
export function countJobRun(job: string, ok: boolean): void {
  if (ok) jobLastRun.labels(job).set(Date.now() / 1000);
  else jobFailures.labels(job).inc();
}

type PoolStats = { total: number; idle: number; waiting: number };
let poolStats: () => PoolStats = () => ({ total: 0, idle: 0, waiting: 0 });

/** The database layer says how to read its pool (PostgreSQL; PGlite has one connection). */
export function reportPoolStats(read: () => PoolStats): void {
  poolStats = read;
}

once(
  "shop_db_pool_connections",
  () =>
    new client.Gauge({
      name: "shop_db_pool_connections",
      help: "Database connections of the pool: in use, idle, and requests waiting for one",
      labelNames: ["state"] as const,
      collect() {
        const s = poolStats();
        this.set({ state: "in_use" }, s.total - s.idle);
        this.set({ state: "idle" }, s.idle);
        this.set({ state: "waiting" }, s.waiting);
      },
    }),
);

/** The metrics of this process in Prometheus's text format. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  return { contentType: registry.contentType, body: await registry.metrics() };
}
