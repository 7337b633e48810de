import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/client.server";

const serverUrl = process.env.TEST_DATABASE_URL;

async function setting(url: string, name: string): Promise<string> {
  const handle = await openDatabase({ url });
  try {
    const result = await handle.db.execute<Record<string, string>>(sql.raw(`show ${name}`));
    return result.rows[0]![name]!;
  } finally {
    await handle.close();
  }
}

// PostgreSQL only: PGlite is one process and has no parallel workers to give.
describe.runIf(serverUrl)("the shop's PostgreSQL connections", () => {
  it("give a query no parallel workers, which only add to the processor time of many at once", async () => {
    expect(await setting(serverUrl!, "max_parallel_workers_per_gather")).toBe("0");
  });

  it("compile no query to machine code (JIT), which cost a listing with a price range 640 ms", async () => {
    expect(await setting(serverUrl!, "jit")).toBe("off");
  });

  it("take DATABASE_URL's own options instead, when it has some", async () => {
    const url = new URL(serverUrl!);
    url.searchParams.set("options", "-c max_parallel_workers_per_gather=1");
    expect(await setting(url.toString(), "max_parallel_workers_per_gather")).toBe("1");
  });

  it("carry on when the server ends a kept connection: later queries open another", async () => {
    const handle = await openDatabase({ url: serverUrl! });
    const other = await openDatabase({ url: serverUrl! });
    try {
      const pid = async () =>
        Number(
          (await handle.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]!
            .pid,
        );
      const first = await pid();
      // The connection is idle in the pool now; another session ends it, as a restart would.
      // A query sent before the pool hears of it may still fail: it is tried again.
      await other.db.execute(sql`select pg_terminate_backend(${first})`);
      const second = await vi.waitFor(pid, { timeout: 5_000, interval: 50 });
      expect(second).not.toBe(first);
    } finally {
      await other.close();
      await handle.close();
    }
  });
});
