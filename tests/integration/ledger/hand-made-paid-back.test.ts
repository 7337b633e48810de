import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { creditNotes, storeSettings, variants } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { creditManualInvoice } from "~/domain/invoicing/credit-manual-invoice.server";
import { markInvoicePaid } from "~/domain/invoicing/mark-invoice-paid.server";
import { recordCreditNotePaidBack } from "~/domain/invoicing/record-paid-back.server";
import type { CreditInput } from "~/domain/invoicing/refund-schemas";
import { getReport } from "~/domain/reports/get-report.server";
import { resolvePeriod } from "~/domain/reports/report-period";
import { addDays, shopToday } from "~/lib/dates";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { addVariant, setUpShop } from "../orders/fixtures";
import { sentHandMadeInvoice } from "./ledger-fixtures";

useTestDatabase();

let dataDir: string;
let actor: { id: string; email: string };
let sku: string;

/** Three days ago and the day after it, in the shop's zone: the bank statement's two days. */
const dayOne = addDays(shopToday(), -3);
const dayTwo = addDays(dayOne, 1);
const at = (day: string, time: string) => new Date(`${day}T${time}:00+02:00`);
const theDay = (day: string) =>
  resolvePeriod({ key: "custom", from: day, to: day, timeZone: "Africa/Johannesburg" });
/** What the Reports page's money card says for a day: taken, paid back, and the difference. */
async function moneyOn(day: string) {
  const { cash } = await getReport(theDay(day));
  return {
    in: cash.receivedCents,
    out: cash.paidBackCents,
    net: cash.receivedCents - cash.paidBackCents,
  };
}

const credit = (over: Partial<CreditInput>): CreditInput => ({
  lines: [],
  amountCents: null,
  reason: "One bed came back damaged",
  paidBack: null,
  restock: false,
  ...over,
});

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "paid-back-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  const shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  actor = (await signedIn("staff")).user;
  const { variantId } = await addVariant(shop, { priceCents: 300_000, stock: 20 });
  sku = (await db().select().from(variants).where(eq(variants.id, variantId)))[0]!.sku;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("money paid back by hand on a credited hand-made invoice", () => {
  it("is a cash row with its reference, so each day's money in less money out is what the bank shows", async () => {
    // Day one, as the bank shows it: +R6,650.00 (FNB 1001, two beds and delivery), -R3,000.00
    // (EFT "KGOSI REFUND 1", a bed back), +R3,650.00 (FNB 1001, one bed and delivery).
    const first = await sentHandMadeInvoice({ sku, quantity: 2, actor, now: at(dayOne, "09:00") });
    await markInvoicePaid({
      invoiceId: first.id,
      paymentReference: "FNB 1001",
      actor,
      now: at(dayOne, "10:00"),
    });
    const byEft = await creditManualInvoice({
      invoiceId: first.id,
      input: credit({
        lines: [{ position: 0, quantity: 1 }],
        paidBack: { by: "eft", reference: "KGOSI REFUND 1" },
      }),
      actor,
      now: at(dayOne, "11:00"),
    });
    expect(byEft).toMatchObject({ totalCents: 300_000 });

    const second = await sentHandMadeInvoice({ sku, quantity: 1, actor, now: at(dayOne, "12:00") });
    await markInvoicePaid({
      invoiceId: second.id,
      paymentReference: "FNB 1001",
      actor,
      now: at(dayOne, "13:00"),
    });
    // Credited the same afternoon, but the money goes back only the next morning.
    const owed = await creditManualInvoice({
      invoiceId: second.id,
      input: credit({ amountCents: 65_000, reason: "Delivery was late", paidBack: "not_yet" }),
      actor,
      now: at(dayOne, "15:00"),
    });
    expect(owed).toMatchObject({ totalCents: 65_000, paidBack: "not_yet" });

    expect(await moneyOn(dayOne)).toEqual({
      in: 665_000 + 365_000,
      out: 300_000,
      net: 665_000 + 365_000 - 300_000,
    });
    expect(await moneyOn(dayTwo)).toEqual({ in: 0, out: 0, net: 0 });

    // Day two: -R650.00 in cash at the showroom, slip 77.
    await recordCreditNotePaidBack({
      invoiceId: second.id,
      creditNoteId: owed.creditNoteId,
      paidBack: { by: "cash", reference: "Slip 77" },
      actor,
      now: at(dayTwo, "09:30"),
    });
    expect(await moneyOn(dayOne)).toMatchObject({ out: 300_000 });
    expect(await moneyOn(dayTwo)).toEqual({ in: 0, out: 65_000, net: -65_000 });

    // Each cash row names its invoice, and the note keeps how, when and the reference.
    const rows = rowsOf<{
      kind: string;
      source_id: number;
      invoice_id: number;
      amount_cents: string;
    }>(
      await db().execute(
        sql`select kind, source_id, invoice_id, amount_cents from sales_ledger
            where kind = 'invoice_paid_back' order by id`,
      ),
    );
    expect(rows.map((r) => [r.source_id, r.invoice_id, Number(r.amount_cents)])).toEqual([
      [byEft.creditNoteId, first.id, -300_000],
      [owed.creditNoteId, second.id, -65_000],
    ]);
    const [note] = await db()
      .select()
      .from(creditNotes)
      .where(eq(creditNotes.id, owed.creditNoteId));
    expect(note).toMatchObject({
      payBackDue: true,
      paidBackBy: "cash",
      paidBackReference: "Slip 77",
      paidBackAt: at(dayTwo, "09:30"),
    });
  });

  it("is recorded once: a second record is refused, and a note on an unpaid invoice owes nothing back", async () => {
    const invoice = await sentHandMadeInvoice({ sku, quantity: 1, actor });
    await markInvoicePaid({ invoiceId: invoice.id, paymentReference: "FNB 2002", actor });
    const note = await creditManualInvoice({
      invoiceId: invoice.id,
      input: credit({ amountCents: 10_000, paidBack: { by: "card", reference: "Till 9" } }),
      actor,
    });
    const again = await recordCreditNotePaidBack({
      invoiceId: invoice.id,
      creditNoteId: note.creditNoteId,
      paidBack: { by: "eft", reference: "FNB 3" },
      actor,
    }).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(DomainError);
    expect(again).toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/was paid back already, by card at the till \(Till 9\)\.$/),
    });

    const unpaid = await sentHandMadeInvoice({ sku, quantity: 1, actor });
    const reduced = await creditManualInvoice({
      invoiceId: unpaid.id,
      input: credit({ amountCents: 10_000 }),
      actor,
    });
    const nothingOwed = await recordCreditNotePaidBack({
      invoiceId: unpaid.id,
      creditNoteId: reduced.creditNoteId,
      paidBack: { by: "cash", reference: "Slip 1" },
      actor,
    }).catch((e: unknown) => e);
    expect(nothingOwed).toMatchObject({
      kind: "conflict",
      message: expect.stringMatching(/has no money to pay back: the invoice was not paid\.$/),
    });
    const today = await moneyOn(shopToday());
    // Taken: the invoice paid today; paid back: the R100 at the till, once.
    expect(today).toEqual({ in: 365_000, out: 10_000, net: 355_000 });
  });
});
