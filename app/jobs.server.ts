import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { recheckPendingPayments } from "~/domain/payments/recheck.server";

type Job = { name: string; run: () => Promise<unknown> };

const JOBS: Job[] = [
  { name: "re-check pending payments", run: () => recheckPendingPayments() },
  { name: "expire unpaid orders", run: () => expireUnpaidOrders() },
];

/**
 * Runs the shop's periodic jobs in this process. Each job is safe to run in several processes
 * at once (row locks with SKIP LOCKED), so every copy of the server may start them.
 * Answers a function that stops them.
 */
export function startBackgroundJobs(intervalMs = 60_000): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    for (const job of JOBS) {
      try {
        await job.run();
      } catch (error) {
        console.error(`Background job "${job.name}" failed: ${(error as Error).message}`);
      }
    }
    running = false;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
