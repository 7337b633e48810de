import os from "node:os";
import { sql } from "drizzle-orm";
import { db } from "./client.server";
import { jobLeases } from "./schema";

const RAN_BY = `${os.hostname()}:${process.pid}`;

/**
 * Claims a background job's next run for this process: true for exactly one caller per interval,
 * whatever the number of processes and machines, since the claim is one atomic statement on the
 * shared database and the time is the database's own (machines' clocks may differ).
 */
export async function claimJob(name: string, everyMs: number): Promise<boolean> {
  const seconds = everyMs / 1000;
  const claimed = await db()
    .insert(jobLeases)
    .values({ name, runAfter: sql`now() + make_interval(secs => ${seconds})`, ranBy: RAN_BY })
    .onConflictDoUpdate({
      target: jobLeases.name,
      set: { runAfter: sql`excluded.run_after`, ranBy: sql`excluded.ran_by` },
      setWhere: sql`${jobLeases.runAfter} <= now()`,
    })
    .returning({ name: jobLeases.name });
  return claimed.length > 0;
}
