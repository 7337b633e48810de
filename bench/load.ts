import autocannon from "autocannon";
import { median } from "./lighthouse";

/** What a phone's browser says it can take: pages go out compressed, as they do to shoppers. */
export const PHONE_HEADERS = { "accept-encoding": "gzip, deflate, br, zstd" };

export type LoadResult = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

/**
 * Requests per second and latency for one URL under `connections` concurrent connections for
 * `seconds`, after a short warm-up; with `runs` above 1, the median of each figure over that many
 * runs (errors and non-2xx answers are summed). The load generator runs on this machine, against
 * loopback.
 */
export async function loadTest(
  url: string,
  connections: number,
  seconds: number,
  options: { uniqueAddresses?: boolean; runs?: number } = {},
): Promise<LoadResult> {
  // With uniqueAddresses every request adds an ignored `_` parameter of its own, so no two
  // requests share an address and each page is rendered anew (the render cache never answers;
  // the listing's data cache still does).
  let counter = 0;
  const unique = options.uniqueAddresses
    ? {
        requests: [
          {
            setupRequest: (request: autocannon.Request) => ({
              ...request,
              path: `${request.path}${request.path?.includes("?") ? "&" : "?"}_=${counter++}`,
            }),
          },
        ],
      }
    : {};
  const load = { url, connections, headers: PHONE_HEADERS, ...unique };
  await autocannon({ ...load, duration: 2 });
  const results: autocannon.Result[] = [];
  for (let run = 0; run < (options.runs ?? 1); run++) {
    results.push(await autocannon({ ...load, duration: seconds }));
  }
  return {
    rps: Math.round(median(results.map((r) => r.requests.average))),
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  };
}
