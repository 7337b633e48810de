import { eq } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { invoices, storeSettings } from "~/db/schema";
import { recordAudit, type AuditAction } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { conflict, notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import { formatInvoiceNumber } from "./invoice-number";
import { sellerFromSettings } from "~/domain/documents/seller";
import { invoiceActionRefusal, type InvoiceAction } from "./invoice-transitions";

/** Who changes an invoice: a staff member (their id is kept, their e-mail in the audit log). */
export type InvoiceActor = Pick<SessionUser, "id" | "email">;

/**
 * An invoice locked for the rest of the transaction, refused unless its status allows
 * `action` now: a stale page or a forged request gets a conflict and changes nothing.
 */
export async function lockInvoiceFor(tx: Tx, invoiceId: number, action: InvoiceAction) {
  const [invoice] = isDbId(invoiceId)
    ? await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for("update")
    : [];
  if (!invoice) throw notFound("This invoice does not exist.");
  const invoiceNumber = formatInvoiceNumber(invoice.number);
  const refusal = invoiceActionRefusal(invoiceNumber, invoice.status, action);
  if (refusal) throw conflict(refusal);
  return { ...invoice, invoiceNumber };
}

/** One change to an invoice in the audit log, in the transaction that made it. */
export async function auditInvoice(
  tx: Tx,
  entry: {
    action: AuditAction;
    actor: InvoiceActor;
    number: number;
    details?: Record<string, unknown>;
  },
) {
  await recordAudit(
    {
      action: entry.action,
      actorId: entry.actor.id,
      actorEmail: entry.actor.email,
      subject: `invoice:${formatInvoiceNumber(entry.number)}`,
      details: entry.details ?? {},
    },
    tx,
  );
}

/**
 * The shop's details as an invoice issued now prints them, read in the transaction (on the
 * embedded database a read outside it would wait for it).
 */
export async function sellerNow(tx: Tx) {
  const [settings] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (!settings) throw new Error("The store settings are missing.");
  return sellerFromSettings(settings);
}
