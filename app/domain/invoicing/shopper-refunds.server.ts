import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { creditNotes, invoices, refunds } from "~/db/schema";
import { PROVIDER_NAMES, type PaymentProviderName } from "~/domain/payments/provider";
import { isDbId } from "~/lib/db-ids";
import { formatCreditNoteNumber } from "./invoice-number";

/** A refund as its shopper reads it: paid back, awaiting the provider, or refused. */
export type ShopperRefund = {
  id: number;
  amountCents: number;
  createdAt: string;
  how: string;
  state: "paid_back" | "awaiting" | "refused";
  creditNote: { id: number; number: string } | null;
};

/**
 * An order's refunds, newest first, for its shopper's pages: no staff notes, references or
 * providers' answers, only what was paid back, how, and its credit note once issued.
 */
export async function listShopperRefunds(orderId: number): Promise<ShopperRefund[]> {
  const rows = await db()
    .select({
      id: refunds.id,
      amountCents: refunds.amountCents,
      createdAt: refunds.createdAt,
      method: refunds.method,
      provider: refunds.provider,
      status: refunds.status,
      byHand: sql<boolean>`exists (select 1 from "refund_parts" rp
        where rp."refund_id" = ${refunds.id} and rp."method" = 'hand')`,
      creditNoteId: creditNotes.id,
      creditNoteNumber: creditNotes.number,
    })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.id, refunds.creditNoteId))
    .where(and(eq(refunds.orderId, orderId), eq(refunds.kind, "order")))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
  return rows.map((r) => {
    const through = `through ${PROVIDER_NAMES[r.provider as PaymentProviderName] ?? "the payment provider"}`;
    return {
      id: r.id,
      amountCents: r.amountCents,
      createdAt: r.createdAt.toISOString(),
      how:
        r.method === "eft"
          ? "by EFT"
          : r.byHand
            ? `${through}, and the rest by EFT or at the showroom`
            : `to your card ${through}`,
      state:
        r.status === "completed" ? "paid_back" : r.status === "failed" ? "refused" : "awaiting",
      creditNote:
        r.creditNoteId === null || r.creditNoteNumber === null
          ? null
          : { id: r.creditNoteId, number: formatCreditNoteNumber(r.creditNoteNumber) },
    };
  });
}

/** The credit note `creditNoteId` when it credits this order's invoice; null otherwise. */
export async function findOrderCreditNote(orderId: number, creditNoteId: number) {
  if (!isDbId(creditNoteId)) return null;
  const [row] = await db()
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(and(eq(creditNotes.id, creditNoteId), eq(invoices.orderId, orderId)));
  return row ?? null;
}

/** What the shopper has been paid back so far: completed refunds only. */
export const refundedCents = (list: readonly ShopperRefund[]) =>
  list.filter((r) => r.state === "paid_back").reduce((sum, r) => sum + r.amountCents, 0);
