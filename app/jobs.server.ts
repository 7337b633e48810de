import { applyRetention } from "~/domain/privacy/retention.server";
import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { recheckPendingPayments } from "~/domain/payments/recheck.server";

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

const MINUTE = 60_000;

const JOBS: Job[] = [
  { name: "re-check pending payments", everyMs: MINUTE, run: () => recheckPendingPayments() },
  { name: "expire unpaid orders", everyMs: MINUTE, run: () => expireUnpaidOrders() },
  { name: "delete data past its retention", everyMs: 60 * MINUTE, run: () => applyRetention() },
];

/**
 * Runs the shop's periodic jobs in this process. Each job is safe to run in several processes
 * at once (row locks with SKIP LOCKED, or plain deletes), so every copy of the server may start
 * them. Answers a function that stops them.
 */
export function startBackgroundJobs(tickMs = MINUTE): () => void {
  const lastRun = new Map<string, number>();
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    for (const job of JOBS) {
      const now = Date.now();
      if (now - (lastRun.get(job.name) ?? 0) < job.everyMs) continue;
      lastRun.set(job.name, now);
      try {
        await job.run();
      } catch (error) {
        console.error(`Background job "${job.name}" failed: ${(error as Error).message}`);
      }
    }
    running = false;
  };
  const timer = setInterval(() => void tick(), tickMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
