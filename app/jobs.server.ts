import { deliverStockAlerts } from "~/domain/inventory/deliver-stock-alerts.server";
import { applyRetention } from "~/domain/privacy/retention.server";
import { lapseLaybyPlans, sendLaybyNotices } from "~/domain/layby/layby-jobs.server";
import { expireUnpaidOrders } from "~/domain/orders/expire-orders.server";
import { sendPayReminders } from "~/domain/orders/pay-reminder.server";
import { recheckPendingPayments } from "~/domain/orders/recheck-payments.server";
import { recheckRefunds } from "~/domain/invoicing/recheck-refunds.server";
import { sendUnsentRefundMails } from "~/domain/orders/refund-mail.server";
import { sendDueDeliveryNotices } from "~/domain/delivery/delivery-notices.server";
import { sendDueReviewInvitations } from "~/domain/reviews/review-invitations.server";
import { sweepUnreferencedProofImages } from "~/domain/delivery/sweep-proof-images.server";
import { sendWeeklyReports } from "~/domain/reports/send-weekly-reports.server";
import { claimJob } from "~/db/job-leases.server";
import { log } from "~/lib/log.server";
import { countJobRun } from "~/lib/metrics.server";

type Job = { name: string; everyMs: number; run: () => Promise<unknown> };

const MINUTE = 60_000;

const JOBS: Job[] = [
  { name: "re-check pending payments", everyMs: MINUTE, run: () => recheckPendingPayments() },
  { name: "expire unpaid orders", everyMs: MINUTE, run: () => expireUnpaidOrders() },
  // An order still unpaid 15 minutes after it was placed: its shopper is told how to pay, once
  // (claimed by the UPDATE that marks it). One paid at once gets only its confirmation.
  { name: "send pay reminders", everyMs: MINUTE, run: () => sendPayReminders() },
  // Low-stock e-mails are sent right after each change commits; this catches any a crash left.
  { name: "send low-stock alerts", everyMs: MINUTE, run: () => deliverStockAlerts() },
  // Monday 07:00 in the shop's zone; weekly_report_sends keeps it to one e-mail per person.
  { name: "send weekly reports", everyMs: 5 * MINUTE, run: () => sendWeeklyReports() },
  // Lay-by: reminders 5 days before a due day and a notice the day after a missed one (each
  // once, claimed by the UPDATE that marks it); plans unpaid 60 business days after their end.
  { name: "send lay-by notices", everyMs: 15 * MINUTE, run: () => sendLaybyNotices() },
  { name: "lapse lay-by plans", everyMs: 60 * MINUTE, run: () => lapseLaybyPlans() },
  // A refund of any kind (an order's, a lay-by's, a payment owed back) left pending or awaiting
  // its provider's answer is asked about again and settled: an order's completed with its
  // credit note once paid, freed only on a definite no; a lay-by's never freed.
  { name: "recheck refunds", everyMs: 5 * MINUTE, run: () => recheckRefunds() },
  // Refund e-mails are sent once the refund completes; this catches any a crash or failed send left.
  { name: "send refund e-mails", everyMs: 5 * MINUTE, run: () => sendUnsentRefundMails() },
  // Delivery e-mails: the day-before reminders (from 08:00), and any booking or move e-mail a
  // crash or a failed send left; each claimed by the UPDATE that marks it sent.
  { name: "send delivery e-mails", everyMs: 5 * MINUTE, run: () => sendDueDeliveryNotices() },
  // Review invitations, due days after an order is completed (settings); each claimed by the
  // UPDATE that marks it sent, so two processes never send one twice.
  {
    name: "send review invitations",
    everyMs: 15 * MINUTE,
    run: () => sendDueReviewInvitations(),
  },
  // Proof pictures a crash left between storing them and the visit's transaction: a day old
  // and named by no delivery proof (a refused or failed visit removes its own at once).
  {
    name: "remove unreferenced proof pictures",
    everyMs: 6 * 60 * MINUTE,
    run: () => sweepUnreferencedProofImages(),
  },
  { name: "delete data past its retention", everyMs: 60 * MINUTE, run: () => applyRetention() },
];

/**
 * Runs the shop's periodic jobs from this process. Every copy of the server starts them; each
 * job's run is claimed in the database first (claimJob), so it runs once per interval across
 * all processes and machines. The jobs are also safe to run twice at once (row locks with SKIP
 * LOCKED, or plain deletes), should a run outlast its interval. Answers a function that stops
 * them; its promise settles once a job under way has ended.
 */
export function startBackgroundJobs(tickMs = 10_000): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = async () => {
    for (const job of JOBS) {
      if (stopped) return;
      try {
        if (!(await claimJob(job.name, job.everyMs))) continue;
        await job.run();
        countJobRun(job.name, true);
      } catch (error) {
        countJobRun(job.name, false);
        log.error({ err: error, job: job.name }, `Background job "${job.name}" failed`);
      }
    }
  };
  const start = () => {
    running ??= tick().finally(() => (running = null));
  };
  const timer = setInterval(start, tickMs);
  timer.unref();
  start();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
