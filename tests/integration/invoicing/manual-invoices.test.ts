import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, invoices, storeSettings, variants } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { cancelInvoice } from "~/domain/invoicing/cancel-invoice.server";
import { getInvoice, renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import {
  manualInvoiceFormSchema,
  markInvoicePaidSchema,
  type ManualInvoiceInput,
} from "~/domain/invoicing/manual-invoice-schemas";
import { markInvoicePaid } from "~/domain/invoicing/mark-invoice-paid.server";
import {
  createManualInvoice,
  updateManualInvoiceDraft,
} from "~/domain/invoicing/save-manual-invoice.server";
import { sendInvoice } from "~/domain/invoicing/send-invoice.server";
import { addDays, shopToday } from "~/lib/dates";
import { parseForm } from "~/lib/forms";
import { AMOUNT_MESSAGE } from "~/lib/money";
import { useTestDatabase } from "../../setup/database";
import { mimeParts } from "../../setup/mime-parts";
import { pdfToText } from "../../setup/pdf-text";
import { signedIn } from "../admin/helpers";
import { addVariant, setUpShop } from "../orders/fixtures";
import { paidOrder } from "./invoice-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let actor: { id: string; email: string };
let bed: { variantId: number; sku: string };
let dataDir: string;
const outbox = () => path.join(dataDir, "outbox");

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "manual-invoices-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  const { variantId } = await addVariant(shop, { priceCents: 319_900, stock: 200 });
  bed = { variantId, sku: (await skuOf(variantId))! };
  const { user } = await signedIn("staff");
  actor = { id: user.id, email: user.email };
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await fs.rm(outbox(), { recursive: true, force: true });
});

async function skuOf(variantId: number) {
  const [row] = await db().select().from(variants).where(eq(variants.id, variantId));
  return row?.sku;
}

const PHONE_ORDER = {
  buyerName: "Pule Furniture Co-op",
  buyerEmail: "Orders@Pule-Coop.example",
  buyerPhone: "018 632 1234",
  buyerAddress: "  14 Nelson Mandela Drive \r\n\r\nMahikeng 2745 ",
  buyerVatNumber: "4 123 456 789",
  notes: "Deliver to the back gate.",
};

/** A form as the page posts it, parsed by the one schema the form and the action share. */
function form(fields: Record<string, string>) {
  return parseForm(manualInvoiceFormSchema, { ...PHONE_ORDER, ...fields });
}

function input(fields: Record<string, string>): ManualInvoiceInput {
  const parsed = form(fields);
  if (!parsed.ok) throw new Error(`Refused: ${JSON.stringify(parsed.fieldErrors)}`);
  return parsed.data;
}

/** Two beds from the catalogue at their price now, and delivery as a line of free text. */
const twoBedsAndDelivery = () => ({
  "lines.0.sku": bed.sku.toLowerCase(),
  "lines.0.quantity": "2",
  "lines.0.unitPrice": "",
  "lines.1.description": "Delivery and setting up in Mahikeng",
  "lines.1.quantity": "1",
  "lines.1.unitPrice": "R 650.00",
});

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function outboxMail() {
  const files = await fs.readdir(outbox()).catch(() => []);
  return Promise.all(files.sort().map((f) => fs.readFile(path.join(outbox(), f), "utf8")));
}

const pdfPart = (raw: string) =>
  mimeParts(raw).find((p) => p.headers.get("content-type")?.startsWith("application/pdf"));

async function draft(fields: Record<string, string> = {}) {
  return createManualInvoice({ input: input({ ...twoBedsAndDelivery(), ...fields }), actor });
}

async function sentInvoice(fields: Record<string, string> = {}) {
  const created = await draft(fields);
  await sendInvoice({ invoiceId: created.id, actor });
  return created;
}

describe("creating an invoice for a phone order", () => {
  it("saves a draft with a catalogue line at its price and a free-text line, VAT worked out once", async () => {
    const created = await draft();
    expect(created.invoiceNumber).toMatch(/^INV-\d{6}$/);
    const invoice = await getInvoice({ invoiceId: created.id });
    const total = 2 * 319_900 + 65_000;
    expect(invoice).toMatchObject({
      status: "draft",
      shownStatus: "draft",
      orderId: null,
      orderNumber: null,
      issueDate: shopToday(),
      dueDate: addDays(shopToday(), 30),
      buyerName: "Pule Furniture Co-op",
      buyerEmail: "orders@pule-coop.example",
      buyerPhone: "018 632 1234",
      buyerAddress: "14 Nelson Mandela Drive\nMahikeng 2745",
      buyerVatNumber: "4123456789",
      notes: "Deliver to the back gate.",
      totalCents: total,
      vatCents: Math.round((total * 15) / 115),
      createdBy: actor.id,
      seller: { storeName: "Test Beds", legalName: "Test Beds (Pty) Ltd" },
    });
    expect(invoice.vatCents + (invoice.totalCents - invoice.vatCents)).toBe(invoice.totalCents);
    expect(invoice.lines).toEqual([
      {
        description: expect.stringMatching(/^Test Bed \d+, Queen$/),
        sku: bed.sku,
        variantId: bed.variantId,
        quantity: 2,
        unitPriceCents: 319_900,
        lineTotalCents: 639_800,
      },
      {
        description: "Delivery and setting up in Mahikeng",
        sku: "",
        variantId: null,
        quantity: 1,
        unitPriceCents: 65_000,
        lineTotalCents: 65_000,
      },
    ]);
  });

  it("keeps a catalogue line's own price and description when staff type them", async () => {
    const created = await draft({
      "lines.0.unitPrice": "2999.99",
      "lines.0.description": "Queen bed, showroom model",
    });
    const invoice = await getInvoice({ invoiceId: created.id });
    expect(invoice.lines[0]).toMatchObject({
      description: "Queen bed, showroom model",
      sku: bed.sku,
      unitPriceCents: 299_999,
      lineTotalCents: 599_998,
    });
    expect(invoice.totalCents).toBe(599_998 + 65_000);
  });

  it("says what is wrong by each field", () => {
    const today = shopToday();
    const refused = form({
      buyerName: " ",
      buyerEmail: "not-an-address",
      buyerVatNumber: "12345",
      dueDate: addDays(today, -1),
      "lines.0.sku": bed.sku,
      "lines.0.quantity": "0",
      "lines.1.description": "Mattress protector",
      "lines.1.quantity": "1",
      "lines.1.unitPrice": "-50",
      "lines.2.description": "Pillows",
      "lines.2.quantity": "1.5",
      "lines.3.quantity": "2",
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.fieldErrors).toEqual({
      buyerName: "This field is required.",
      buyerEmail: "Please enter a valid email address.",
      buyerVatNumber: "Enter a VAT number of 10 digits starting with 4.",
      dueDate: "The due date cannot be in the past.",
      "lines.0.quantity": "Enter a whole number of 1 or more.",
      "lines.1.unitPrice": "The unit price cannot be negative.",
      "lines.2.quantity": "Enter a whole number of 1 or more.",
      "lines.2.unitPrice": "Enter the unit price of a line not in the catalogue.",
      "lines.3.sku": "Enter a SKU, or describe a line that is not in the catalogue.",
      "lines.3.unitPrice": "Enter the unit price of a line not in the catalogue.",
    });
  });

  it("needs at least one line, and a date that is a day", () => {
    const none = form({ "lines.0.sku": "", "lines.0.quantity": "" });
    expect(!none.ok && none.fieldErrors.lines).toBe(
      "Add at least one line: a SKU or a description, and a quantity.",
    );
    const badDay = form({ ...twoBedsAndDelivery(), dueDate: "2026-02-30" });
    expect(!badDay.ok && badDay.fieldErrors.dueDate).toBe("Enter a date such as 2026-05-01.");
    const tooMany = form({ ...twoBedsAndDelivery(), "lines.0.quantity": "100001" });
    expect(!tooMany.ok && tooMany.fieldErrors["lines.0.quantity"]).toBe(
      "A line takes at most 100000 units.",
    );
    const badPrice = form({ ...twoBedsAndDelivery(), "lines.1.unitPrice": "12,50.5x" });
    expect(!badPrice.ok && badPrice.fieldErrors["lines.1.unitPrice"]).toBe(AMOUNT_MESSAGE);
    expect(form({ ...twoBedsAndDelivery(), dueDate: shopToday() }).ok).toBe(true);
  });

  it("refuses an SKU the catalogue does not have, by its field, and takes no number", async () => {
    const before = await draft();
    const error = await refusal(
      createManualInvoice({
        input: input({ ...twoBedsAndDelivery(), "lines.1.sku": "NO-SUCH-SKU" }),
        actor,
      }),
    );
    expect(error).toMatchObject({
      kind: "invalid",
      field: "lines.1.sku",
      message: "No product has the SKU NO-SUCH-SKU.",
    });
    const after = await draft();
    expect(after.number).toBe(before.number + 1);
  });
});

describe("numbering", () => {
  it("shares one gapless series with web orders' invoices", async () => {
    const numberOfOrder = async (orderId: number) =>
      (await db().select().from(invoices).where(eq(invoices.orderId, orderId)))[0]!.number;
    const first = await paidOrder(shop, { priceCents: 120_000 });
    const manual = await draft();
    const second = await paidOrder(shop, { priceCents: 80_000 });
    const a = await numberOfOrder(first.order.id);
    expect([manual.number, await numberOfOrder(second.order.id)]).toEqual([a + 1, a + 2]);
    const all = (await db().select({ n: invoices.number }).from(invoices)).map((r) => r.n);
    const sorted = [...all].sort((x, y) => x - y);
    expect(sorted).toEqual(Array.from({ length: sorted.length }, (_, i) => i + 1));
  });
});

describe("editing", () => {
  it("changes a draft's buyer and lines, and the totals with them", async () => {
    const created = await draft();
    await updateManualInvoiceDraft({
      invoiceId: created.id,
      input: input({
        buyerName: "Pule Furniture Co-operative",
        "lines.0.description": "Bunk bed mattresses",
        "lines.0.quantity": "10",
        "lines.0.unitPrice": "1499.00",
      }),
      actor,
    });
    const invoice = await getInvoice({ invoiceId: created.id });
    expect(invoice).toMatchObject({
      number: created.number,
      status: "draft",
      buyerName: "Pule Furniture Co-operative",
      totalCents: 1_499_000,
      vatCents: Math.round((1_499_000 * 15) / 115),
    });
    expect(invoice.lines).toHaveLength(1);
  });

  it("is refused once the invoice is sent (409), and leaves it as it was", async () => {
    const created = await sentInvoice();
    const error = await refusal(
      updateManualInvoiceDraft({
        invoiceId: created.id,
        input: input({ buyerName: "Someone Else", ...twoBedsAndDelivery() }),
        actor,
      }),
    );
    expect(error).toMatchObject({
      kind: "conflict",
      message: `${created.invoiceNumber} is sent: only a draft can be changed.`,
    });
    expect((await getInvoice({ invoiceId: created.id })).buyerName).toBe("Pule Furniture Co-op");
  });
});

describe("sending", () => {
  it("e-mails the PDF to the buyer, issues the invoice today with the shop's details as they are now", async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    const created = await createManualInvoice({
      input: input(twoBedsAndDelivery()),
      actor,
      now: threeDaysAgo,
    });
    expect((await getInvoice({ invoiceId: created.id })).issueDate).toBe(shopToday(threeDaysAgo));
    await db()
      .update(storeSettings)
      .set({ legalName: "Test Beds Holdings (Pty) Ltd", vatNumber: "4999999999" });
    try {
      const result = await sendInvoice({ invoiceId: created.id, actor });
      expect(result).toEqual({
        sentTo: "orders@pule-coop.example",
        invoiceNumber: created.invoiceNumber,
        copy: false,
      });
    } finally {
      await db()
        .update(storeSettings)
        .set({ legalName: "Test Beds (Pty) Ltd", vatNumber: "4123456789" });
    }
    const invoice = await getInvoice({ invoiceId: created.id });
    expect(invoice).toMatchObject({
      status: "sent",
      issueDate: shopToday(),
      seller: { legalName: "Test Beds Holdings (Pty) Ltd", vatNumber: "4999999999" },
    });
    expect(invoice.sentAt).toBeInstanceOf(Date);

    const [raw, ...others] = await outboxMail();
    expect(others).toEqual([]);
    expect(raw).toContain("To: orders@pule-coop.example");
    expect(raw).toContain(`Subject: Tax invoice ${created.invoiceNumber} from Test Beds`);
    const text = mimeParts(raw!).find((p) =>
      p.headers.get("content-type")?.startsWith("text/plain"),
    );
    expect(text?.body.toString("utf8")).toContain("Dear Pule Furniture Co-op,");
    const pdf = pdfPart(raw!);
    expect(pdf?.headers.get("content-disposition")).toContain(`${created.invoiceNumber}.pdf`);
    const printed = await pdfToText(pdf!.body);
    expect(printed).toContain("Tax Invoice");
    expect(printed).toContain(created.invoiceNumber);
    expect(printed).toContain("Test Beds Holdings (Pty) Ltd");
    expect(printed).toContain("Pule Furniture Co-op");
    expect(printed).toContain("VAT number 4123456789");
    expect(printed).toContain("Delivery and setting up in Mahikeng");
    expect(printed).toContain("R7,048.00");
    expect(printed).not.toContain("Copy");
    expect(printed).not.toContain("Draft");
    // What was mailed is what the invoice now prints.
    expect(await pdfToText((await renderInvoicePdf({ invoiceId: created.id })).pdf)).toBe(printed);
  });

  it("sends a sent invoice again as a copy marked so, keeping its date of issue", async () => {
    const created = await sentInvoice();
    const { issueDate } = await getInvoice({ invoiceId: created.id });
    await fs.rm(outbox(), { recursive: true, force: true });
    const result = await sendInvoice({ invoiceId: created.id, actor });
    expect(result.copy).toBe(true);
    const [raw] = await outboxMail();
    expect(raw).toContain(`Subject: Copy of tax invoice ${created.invoiceNumber}`);
    expect(await pdfToText(pdfPart(raw!)!.body)).toContain("Copy");
    expect((await getInvoice({ invoiceId: created.id })).issueDate).toBe(issueDate);
  });

  it("refuses a buyer without an e-mail address, and sends nothing", async () => {
    const created = await draft({ buyerEmail: "" });
    const error = await refusal(sendInvoice({ invoiceId: created.id, actor }));
    expect(error).toMatchObject({ kind: "invalid", title: "No E-mail Address" });
    expect(error.message).toContain("has no e-mail address");
    expect(await outboxMail()).toEqual([]);
    expect((await getInvoice({ invoiceId: created.id })).status).toBe("draft");
  });

  it("refuses a draft whose due date has passed: it would arrive overdue", async () => {
    const created = await draft();
    await db()
      .update(invoices)
      .set({ dueDate: addDays(shopToday(), -1) })
      .where(eq(invoices.id, created.id));
    const error = await refusal(sendInvoice({ invoiceId: created.id, actor }));
    expect(error).toMatchObject({ kind: "invalid", title: "Due Date Passed" });
    expect(await outboxMail()).toEqual([]);
  });

  // A mail that fails once the invoice is issued: send-invoice-after-commit.test.ts.

  it("refuses a paid or a cancelled invoice", async () => {
    const paid = await sentInvoice();
    await markInvoicePaid({ invoiceId: paid.id, paymentReference: "FNB 1", actor });
    expect((await refusal(sendInvoice({ invoiceId: paid.id, actor }))).kind).toBe("conflict");
    const cancelled = await draft();
    await cancelInvoice({ invoiceId: cancelled.id, reason: "Ordered twice", actor });
    expect((await refusal(sendInvoice({ invoiceId: cancelled.id, actor }))).kind).toBe("conflict");
  });
});

describe("marking paid", () => {
  it("needs the payment's reference", () => {
    const parsed = parseForm(markInvoicePaidSchema, { paymentReference: "  " });
    expect(!parsed.ok && parsed.fieldErrors.paymentReference).toBe(
      "Enter the payment's reference, as the bank statement shows it.",
    );
  });

  it("records the payment of a sent invoice, overdue or not", async () => {
    for (const dueDate of [addDays(shopToday(), 5), addDays(shopToday(), -5)]) {
      const created = await sentInvoice();
      await db().update(invoices).set({ dueDate }).where(eq(invoices.id, created.id));
      await markInvoicePaid({ invoiceId: created.id, paymentReference: "FNB 88231", actor });
      const invoice = await getInvoice({ invoiceId: created.id });
      expect(invoice).toMatchObject({
        status: "paid",
        shownStatus: "paid",
        paymentReference: "FNB 88231",
      });
      expect(invoice.paidAt).toBeInstanceOf(Date);
    }
  });

  it("is refused for a draft, and for an invoice already paid (409)", async () => {
    const created = await draft();
    const early = await refusal(
      markInvoicePaid({ invoiceId: created.id, paymentReference: "X", actor }),
    );
    expect(early).toMatchObject({
      kind: "conflict",
      message: `${created.invoiceNumber} is still a draft: send it before marking it paid.`,
    });
    await sendInvoice({ invoiceId: created.id, actor });
    await markInvoicePaid({ invoiceId: created.id, paymentReference: "X", actor });
    const twice = await refusal(
      markInvoicePaid({ invoiceId: created.id, paymentReference: "Y", actor }),
    );
    expect(twice.kind).toBe("conflict");
    expect((await getInvoice({ invoiceId: created.id })).paymentReference).toBe("X");
  });
});

describe("cancelling", () => {
  it("keeps a draft and its number, with the reason in its notes and on its PDF", async () => {
    const created = await draft();
    await cancelInvoice({ invoiceId: created.id, reason: "The customer ordered twice", actor });
    const invoice = await getInvoice({ invoiceId: created.id });
    expect(invoice).toMatchObject({ number: created.number, status: "cancelled" });
    expect(invoice.cancelledAt).toBeInstanceOf(Date);
    expect(invoice.notes.split("\n")).toEqual([
      "Deliver to the back gate.",
      expect.stringMatching(/^Cancelled on \d{2}\/\d{2}\/\d{4}: The customer ordered twice$/),
    ]);
    const printed = await pdfToText((await renderInvoicePdf({ invoiceId: created.id })).pdf);
    expect(printed).toContain("Cancelled: this invoice is void");
    expect(printed).toContain("The customer ordered twice");
  });

  it("never voids an issued invoice, sent, paid or a web order's: a credit note reduces it (s21)", async () => {
    const sent = await sentInvoice();
    const paid = await sentInvoice();
    await markInvoicePaid({ invoiceId: paid.id, paymentReference: "EFT 1", actor });
    for (const [created, state] of [
      [sent, "issued"],
      [paid, "paid"],
    ] as const) {
      const error = await refusal(cancelInvoice({ invoiceId: created.id, reason: "x", actor }));
      expect(error).toMatchObject({
        kind: "conflict",
        message: `${created.invoiceNumber} is ${state}: an issued tax invoice is never voided; a credit note reduces it instead.`,
      });
      const invoice = await getInvoice({ invoiceId: created.id });
      expect(invoice.status).toBe(state === "issued" ? "sent" : "paid");
      expect(invoice.cancelledAt).toBeNull();
    }
    const { order } = await paidOrder(shop, { priceCents: 50_000 });
    const [webInvoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(
      (await refusal(cancelInvoice({ invoiceId: webInvoice!.id, reason: "x", actor }))).kind,
    ).toBe("conflict");
  });
});

describe("overdue", () => {
  it("a sent invoice past its due date shows as overdue, on its page and its PDF", async () => {
    const created = await sentInvoice();
    await db()
      .update(invoices)
      .set({ dueDate: addDays(shopToday(), -1) })
      .where(eq(invoices.id, created.id));
    const invoice = await getInvoice({ invoiceId: created.id });
    expect(invoice).toMatchObject({ status: "sent", shownStatus: "overdue" });
    const printed = await pdfToText((await renderInvoicePdf({ invoiceId: created.id })).pdf);
    expect(printed).toMatch(/Status\s[\s\S]*Overdue/);
  });
});

describe("the audit log", () => {
  it("has each step with who took it", async () => {
    const created = await draft();
    await updateManualInvoiceDraft({
      invoiceId: created.id,
      input: input(twoBedsAndDelivery()),
      actor,
    });
    await sendInvoice({ invoiceId: created.id, actor });
    await markInvoicePaid({ invoiceId: created.id, paymentReference: "FNB 5", actor });
    const other = await draft();
    await cancelInvoice({ invoiceId: other.id, reason: "Duplicate", actor });

    const entries = await db()
      .select()
      .from(auditLog)
      .where(like(auditLog.subject, "invoice:%"))
      .orderBy(auditLog.id);
    const of = (invoiceNumber: string) =>
      entries
        .filter((e) => e.subject === `invoice:${invoiceNumber}`)
        .map((e) => [e.action, e.actorId, e.actorEmail]);
    expect(of(created.invoiceNumber)).toEqual([
      ["invoice_created", actor.id, actor.email],
      ["invoice_updated", actor.id, actor.email],
      ["invoice_issued", actor.id, actor.email],
      ["invoice_sent", actor.id, actor.email],
      ["invoice_paid", actor.id, actor.email],
    ]);
    expect(of(other.invoiceNumber)).toEqual([
      ["invoice_created", actor.id, actor.email],
      ["invoice_cancelled", actor.id, actor.email],
    ]);
    const paid = entries.find(
      (e) => e.subject === `invoice:${created.invoiceNumber}` && e.action === "invoice_paid",
    );
    expect(paid?.details).toMatchObject({ paymentReference: "FNB 5" });
  });
});
