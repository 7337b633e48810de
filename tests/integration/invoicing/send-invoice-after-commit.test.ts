import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, salesLedger, storeSettings, variants } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { cancelInvoice } from "~/domain/invoicing/cancel-invoice.server";
import { getInvoice } from "~/domain/invoicing/invoice-document.server";
import { manualInvoiceFormSchema } from "~/domain/invoicing/manual-invoice-schemas";
import { createManualInvoice } from "~/domain/invoicing/save-manual-invoice.server";
import { sendInvoice } from "~/domain/invoicing/send-invoice.server";
import { parseForm } from "~/lib/forms";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { signedIn } from "../admin/helpers";
import { addVariant, setUpShop, stockOf } from "../orders/fixtures";
import { setEnv } from "../payments/helpers";

/**
 * A hand-made invoice is recorded before it is e-mailed (issue 50, defect 6): a transaction
 * can still refuse, an e-mail that has gone cannot be taken back. So the buyer never holds an
 * "original" the shop did not issue, and a mail that fails leaves the original still to send.
 */
useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let restoreEnv: () => void;
let actor: { id: string; email: string };
let bed: { variantId: number; sku: string };
/** What a colleague does while the shop's e-mail is arriving at the mail server, once. */
let meanwhile: (() => Promise<void>) | null = null;

beforeAll(async () => {
  smtp = await startSmtpServer({
    whileReceiving: async () => {
      const act = meanwhile;
      meanwhile = null;
      await act?.();
    },
  });
  restoreEnv = setEnv({ SMTP_URL: smtp.url });
  const shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  const { variantId } = await addVariant(shop, { priceCents: 319_900, stock: 20 });
  const [row] = await db().select().from(variants).where(eq(variants.id, variantId));
  bed = { variantId, sku: row!.sku };
  actor = (await signedIn("staff")).user;
});
afterAll(async () => {
  restoreEnv();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  meanwhile = null;
});

async function draft() {
  const parsed = parseForm(manualInvoiceFormSchema, {
    buyerName: "Kgosi Guest House",
    buyerEmail: "accounts@kgosi.example",
    "lines.0.sku": bed.sku,
    "lines.0.quantity": "2",
    "lines.0.unitPrice": "",
  });
  if (!parsed.ok) throw new Error(`Refused: ${JSON.stringify(parsed.fieldErrors)}`);
  return createManualInvoice({ input: parsed.data, actor });
}

const mailsFor = (invoiceNumber: string) =>
  smtp.received.filter((m) => m.subject.includes(invoiceNumber));

const auditsOf = async (invoiceNumber: string) =>
  (
    await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subject, `invoice:${invoiceNumber}`))
      .orderBy(auditLog.id)
  ).map((a) => a.action);

describe("sending a hand-made invoice", () => {
  it("e-mails nothing when recording it is refused: the draft stays a draft, its stock on the shelf", async () => {
    const created = await draft();
    const before = await stockOf(bed.variantId);
    // The ledger refuses this invoice's row: the transaction that issues it fails.
    await db().execute(sql`
      create function refuse_invoice_row() returns trigger language plpgsql as $$
      begin raise exception 'the ledger refused the row'; end $$`);
    await db().execute(sql`
      create trigger refuse_invoice_row before insert on sales_ledger
      for each row when (new.invoice_id = ${sql.raw(String(created.id))})
      execute function refuse_invoice_row()`);
    try {
      const error = await sendInvoice({ invoiceId: created.id, actor }).catch((e: unknown) => e);
      expect(String((error as Error).cause)).toContain("the ledger refused the row");
    } finally {
      await db().execute(sql`drop trigger refuse_invoice_row on sales_ledger`);
      await db().execute(sql`drop function refuse_invoice_row()`);
    }
    expect(mailsFor(created.invoiceNumber)).toEqual([]);
    expect(await getInvoice({ invoiceId: created.id })).toMatchObject({
      status: "draft",
      sentAt: null,
    });
    expect(await stockOf(bed.variantId)).toEqual(before);
  });

  it("never e-mails an invoice that a colleague cancelled while it was being sent", async () => {
    const created = await draft();
    let colleague: unknown = null;
    meanwhile = async () => {
      colleague = await cancelInvoice({ invoiceId: created.id, reason: "Ordered twice", actor })
        .then(() => "cancelled")
        .catch((e: unknown) => e);
    };
    const sent = await sendInvoice({ invoiceId: created.id, actor }).catch((e: unknown) => e);
    const invoice = await getInvoice({ invoiceId: created.id });
    // The e-mail went with the invoice already issued: the cancellation came too late.
    expect(mailsFor(created.invoiceNumber)).toHaveLength(1);
    expect(sent).toMatchObject({ copy: false });
    expect(invoice.status).toBe("sent");
    expect(colleague).toBeInstanceOf(DomainError);
    expect((colleague as DomainError).message).toContain("an issued tax invoice is never voided");
  });

  it("says when the e-mail failed after issuing it, and the next send is still the original", async () => {
    const created = await draft();
    const working = setEnv({ SMTP_URL: "smtp://127.0.0.1:9" });
    let error: unknown;
    try {
      error = await sendInvoice({ invoiceId: created.id, actor }).catch((e: unknown) => e);
    } finally {
      working();
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ kind: "unavailable", title: "Not Sent" });
    expect((error as DomainError).message).toBe(
      `${created.invoiceNumber} is issued, but it could not be e-mailed just now. Send it again: the buyer gets it as the original.`,
    );
    // Issued (its number, stock and the ledger's row), not sent.
    expect(await getInvoice({ invoiceId: created.id })).toMatchObject({
      status: "sent",
      sentAt: null,
    });
    const rows = await db()
      .select()
      .from(salesLedger)
      .where(and(eq(salesLedger.invoiceId, created.id), eq(salesLedger.kind, "invoice")));
    expect(rows).toHaveLength(1);
    expect(await auditsOf(created.invoiceNumber)).toEqual(["invoice_created", "invoice_issued"]);

    const again = await sendInvoice({ invoiceId: created.id, actor });
    expect(again.copy).toBe(false);
    const [mail, ...others] = mailsFor(created.invoiceNumber);
    expect(others).toEqual([]);
    expect(mail!.subject).toContain(`Tax invoice ${created.invoiceNumber} from `);
    expect((await getInvoice({ invoiceId: created.id })).sentAt).toBeInstanceOf(Date);
    expect(await auditsOf(created.invoiceNumber)).toEqual([
      "invoice_created",
      "invoice_issued",
      "invoice_sent",
    ]);
    // Once the original has gone, a send is a copy.
    expect((await sendInvoice({ invoiceId: created.id, actor })).copy).toBe(true);
  });
});
