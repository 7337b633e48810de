import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { creditNotes, invoices, orderEvents, payments, refundParts, refunds } from "~/db/schema";
import { recheckRefunds } from "~/domain/invoicing/recheck-refunds.server";
import { useTestDatabase } from "../../setup/database";
import { setUpShop } from "../orders/fixtures";
import { laybyOrder } from "../layby/staff-plan-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
beforeAll(async () => {
  shop = await setUpShop();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
const events = (orderId: number) =>
  db()
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, "refund_refused")));

describe("refunds a stopped process left unanswered", () => {
  it("an order refund and a lay-by refund (after 15 minutes) are asked about again by the one job and completed, never failed while the provider may have paid; newer ones wait", async () => {
    // A paid, invoiced order (a lay-by paid in full online) and a lay-by with its deposit paid.
    const paid = await laybyOrder(shop, {
      priceCents: 200_000,
      months: 1,
      paid: ["online", "online"],
    });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, paid.order.id));
    const open = await laybyOrder(shop, { priceCents: 300_000, months: 2, paid: ["online"] });
    const [deposit] = await db().select().from(payments).where(eq(payments.orderId, open.order.id));

    // Order refunds a stopped process left pending: asked of the demo gateway, never answered.
    const refund = async (minutes: number) => {
      const [row] = await db()
        .insert(refunds)
        .values({
          orderId: paid.order.id,
          invoiceId: invoice!.id,
          method: "provider" as const,
          provider: "demo",
          amountCents: 10_000,
          reason: "Damaged",
          creditLines: [
            {
              invoiceLinePosition: null,
              description: "Refund: Damaged",
              sku: "",
              variantId: null,
              quantity: 1,
              unitPriceCents: 10_000,
              lineTotalCents: 10_000,
            },
          ],
          createdBy: "desk-1",
          updatedAt: minutesAgo(minutes),
        })
        .returning();
      const [card] = await db().select().from(payments).where(eq(payments.orderId, paid.order.id));
      await db().insert(refundParts).values({
        refundId: row!.id,
        paymentId: card!.id,
        method: "provider",
        amountCents: 10_000,
      });
      return row!;
    };
    const stale = await refund(16);
    const fresh = await refund(2);
    // A cancelled lay-by's refund a stopped process left pending, in the same refunds table.
    const [staleLayby] = await db()
      .insert(refunds)
      .values({
        kind: "layby",
        orderId: open.order.id,
        planId: open.plan.id,
        method: "provider",
        provider: "demo",
        amountCents: 59_400,
        reason: "Lay-by cancelled",
        createdBy: "system",
        updatedAt: minutesAgo(20),
      })
      .returning();
    const [staleLaybyPart] = await db()
      .insert(refundParts)
      .values({
        refundId: staleLayby!.id,
        paymentId: deposit!.id,
        method: "provider",
        amountCents: 59_400,
      })
      .returning();

    // Two processes at once: each refund is settled once.
    const settled = await Promise.all([recheckRefunds(), recheckRefunds()]);
    expect(settled[0]! + settled[1]!).toBe(2);

    // The order refund the provider may have paid is never marked failed: the gateway, asked
    // again, says it paid, and the refund completes with exactly one credit note.
    const [staleNow] = await db().select().from(refunds).where(eq(refunds.id, stale.id));
    expect(staleNow).toMatchObject({ status: "completed" });
    expect(
      await db().select().from(creditNotes).where(eq(creditNotes.id, staleNow!.creditNoteId!)),
    ).toHaveLength(1);
    const [freshNow] = await db().select().from(refunds).where(eq(refunds.id, fresh.id));
    expect(freshNow).toMatchObject({ status: "pending", failure: "", creditNoteId: null });
    const [laybyNow] = await db().select().from(refunds).where(eq(refunds.id, staleLayby!.id));
    expect(laybyNow).toMatchObject({
      status: "completed",
      reference: `demo_refund_RP-${staleLaybyPart!.id}`,
      creditNoteId: null,
    });

    expect(await events(paid.order.id)).toHaveLength(0);
    expect(await events(open.order.id)).toHaveLength(0);
    expect(await recheckRefunds()).toBe(0);
  });
});
