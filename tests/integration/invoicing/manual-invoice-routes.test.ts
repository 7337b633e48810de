// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { invoices, variants } from "~/db/schema";
import { addDays, shopToday } from "~/lib/dates";
import * as invoicePage from "~/routes/admin/invoice";
import * as invoiceEdit from "~/routes/admin/invoice-edit";
import * as invoiceNew from "~/routes/admin/invoice-new";
import * as invoicesPage from "~/routes/admin/invoices";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { addVariant, setUpShop } from "../orders/fixtures";

useTestDatabase();

type Loader = Parameters<typeof routeOutcome>[0];
type Module = { loader?: unknown; action?: unknown };

let dataDir: string;
let staff: string;
let owner: string;
let customer: string;
let sku: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "manual-invoice-routes-"));
  process.env.DATA_DIR = dataDir;
  delete process.env.SMTP_URL;
  const shop = await setUpShop();
  const { variantId } = await addVariant(shop, { priceCents: 249_900, stock: 200 });
  sku = (await db().select().from(variants).where(eq(variants.id, variantId)))[0]!.sku;
  staff = (await signedIn("staff")).cookie;
  owner = (await signedIn("owner")).cookie;
  customer = (await signedIn("customer")).cookie;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const load = (module: Module, url: string, cookie?: string, params = {}) =>
  routeOutcome(module.loader as Loader, shopRequest(url, { cookie }), params);
const post = (
  module: Module,
  url: string,
  fields: Record<string, string>,
  cookie?: string,
  params = {},
) => routeOutcome(module.action as Loader, formRequest(url, fields, cookie), params);

/** What an action answered: a data() result's body, or the value returned. */
function body(outcome: { returned?: unknown; thrown?: unknown }) {
  const value = outcome.returned ?? outcome.thrown;
  return ((value as { data?: unknown })?.data ?? value) as {
    ok: boolean;
    message?: { title: string; description: string };
    alert?: { title: string; description: string };
    fieldErrors?: Record<string, string>;
    to?: string;
  };
}

const phoneOrder = () => ({
  buyerName: "Kgosi Guest House",
  buyerEmail: "accounts@kgosi.example",
  buyerPhone: "018 381 0000",
  buyerAddress: "2 Station Road\nMahikeng 2745",
  buyerVatNumber: "",
  dueDate: "",
  notes: "",
  "lines.0.sku": sku,
  "lines.0.description": "",
  "lines.0.quantity": "4",
  "lines.0.unitPrice": "",
  "lines.1.sku": "",
  "lines.1.description": "Delivery to Mahikeng",
  "lines.1.quantity": "1",
  "lines.1.unitPrice": "450",
});

/** Creates an invoice through the page, as `cookie`; its id. */
async function created(cookie = staff, fields: Record<string, string> = {}) {
  const answer = body(
    await post(invoiceNew, "/admin/invoices/new", { ...phoneOrder(), ...fields }, cookie),
  );
  expect(answer).toMatchObject({ ok: true, message: { title: "Invoice Created" } });
  return Number(/\/admin\/invoices\/(\d+)$/.exec(answer.to!)![1]);
}

const page = (id: number) => `/admin/invoices/${id}`;
const act = (id: number, fields: Record<string, string>, cookie = staff) =>
  post(invoicePage, page(id), fields, cookie, { id: String(id) });
const view = async (id: number, cookie = staff) =>
  (await load(invoicePage, page(id), cookie, { id: String(id) })).returned as Awaited<
    ReturnType<typeof invoicePage.loader>
  >;

describe("Create Invoice", () => {
  it("offers staff and the owner the form, due in 30 days", async () => {
    for (const cookie of [staff, owner]) {
      const { returned } = await load(invoiceNew, "/admin/invoices/new", cookie);
      expect(returned).toEqual({ today: shopToday(), dueDate: addDays(shopToday(), 30) });
    }
  });

  it("saves a draft, says so and leads to its page, for staff and the owner", async () => {
    for (const cookie of [staff, owner]) {
      const answer = body(await post(invoiceNew, "/admin/invoices/new", phoneOrder(), cookie));
      expect(answer.message).toEqual({
        title: "Invoice Created",
        description: expect.stringMatching(/^INV-\d{6} is saved as a draft\.$/),
      });
      const id = Number(/\d+$/.exec(answer.to!)![0]);
      const d = await view(id);
      expect(d.invoice.shownStatus).toBe("draft");
      expect(d.actions).toEqual(["edit", "send", "cancel"]);
      expect(d.document.subtitle).toBe("Draft: not issued yet");
      expect(d.document.rows.map((r) => r[0])).toEqual([
        expect.stringMatching(/^Test Bed \d+, Queen$/),
        "Delivery to Mahikeng",
      ]);
      expect(d.document.totals.at(-1)!.value).toBe("R10,446.00");
    }
  });

  it("answers a refused form with 400 and the messages by their fields", async () => {
    const outcome = await post(
      invoiceNew,
      "/admin/invoices/new",
      {
        ...phoneOrder(),
        buyerName: "",
        dueDate: addDays(shopToday(), -2),
        "lines.0.quantity": "0",
        "lines.1.unitPrice": "-1",
      },
      staff,
    );
    expect(statusOf(outcome.returned)).toBe(400);
    expect(body(outcome).fieldErrors).toEqual({
      buyerName: "This field is required.",
      dueDate: "The due date cannot be in the past.",
      "lines.0.quantity": "Enter a whole number of 1 or more.",
      "lines.1.unitPrice": "The unit price cannot be negative.",
    });
    const none = await post(
      invoiceNew,
      "/admin/invoices/new",
      { buyerName: "Kgosi Guest House" },
      staff,
    );
    expect(body(none).fieldErrors).toEqual({
      lines: "Add at least one line: a SKU or a description, and a quantity.",
    });
  });

  it("refuses an unknown SKU by its field", async () => {
    const outcome = await post(
      invoiceNew,
      "/admin/invoices/new",
      { ...phoneOrder(), "lines.0.sku": "NOPE-1" },
      staff,
    );
    expect(statusOf(outcome.returned)).toBe(400);
    expect(body(outcome).fieldErrors).toEqual({
      "lines.0.sku": "No product has the SKU NOPE-1.",
    });
  });
});

describe("editing a draft", () => {
  it("opens the draft's form with what it holds and saves changes", async () => {
    const id = await created();
    const { returned } = await load(invoiceEdit, `${page(id)}/edit`, staff, { id: String(id) });
    const d = returned as Awaited<ReturnType<typeof invoiceEdit.loader>>;
    expect(d.initial).toMatchObject({
      buyerName: "Kgosi Guest House",
      buyerAddress: "2 Station Road\nMahikeng 2745",
      dueDate: addDays(shopToday(), 30),
      lines: [
        { sku, quantity: "4", unitPrice: "2499.00" },
        { sku: "", description: "Delivery to Mahikeng", quantity: "1", unitPrice: "450.00" },
      ],
    });
    const saved = body(
      await post(
        invoiceEdit,
        `${page(id)}/edit`,
        { ...phoneOrder(), "lines.0.quantity": "6" },
        owner,
        { id: String(id) },
      ),
    );
    expect(saved).toMatchObject({
      ok: true,
      message: { title: "Invoice Updated" },
      to: page(id),
    });
    expect((await view(id)).document.totals.at(-1)!.value).toBe("R15,444.00");
  });

  it("is refused with 409 once the invoice is sent, page and action alike", async () => {
    const id = await created();
    expect(body(await act(id, { intent: "send" })).message?.title).toBe("Invoice Sent");
    const edit = await load(invoiceEdit, `${page(id)}/edit`, staff, { id: String(id) });
    expect(statusOf(edit.thrown)).toBe(409);
    const save = await post(invoiceEdit, `${page(id)}/edit`, phoneOrder(), staff, {
      id: String(id),
    });
    expect(statusOf(save.returned)).toBe(409);
    expect(body(save).alert?.description).toMatch(
      /^INV-\d{6} is sent: only a draft can be changed\.$/,
    );
  });
});

describe("the invoice's page: send, mark paid, cancel", () => {
  it("sends it with its PDF, then marks it paid with the reference", async () => {
    const id = await created();
    const sent = body(await act(id, { intent: "send" }));
    expect(sent.message).toEqual({
      title: "Invoice Sent",
      description: expect.stringMatching(
        /^INV-\d{6} was e-mailed to accounts@kgosi\.example with its PDF\.$/,
      ),
    });
    const mails = await fs.readdir(path.join(dataDir, "outbox"));
    expect(mails.length).toBeGreaterThan(0);
    let d = await view(id);
    expect(d.invoice.shownStatus).toBe("sent");
    expect(d.actions).toEqual(["send", "mark_paid", "credit"]);

    const again = body(await act(id, { intent: "send" }));
    expect(again.message?.description).toMatch(/^A copy of INV-\d{6} was e-mailed to/);

    const noReference = await act(id, { intent: "mark_paid", paymentReference: "" });
    expect(statusOf(noReference.returned)).toBe(400);
    expect(body(noReference).fieldErrors).toEqual({
      paymentReference: "Enter the payment's reference, as the bank statement shows it.",
    });
    const paid = body(await act(id, { intent: "mark_paid", paymentReference: "ABSA 7731" }, owner));
    expect(paid.message?.title).toBe("Invoice Paid");
    d = await view(id);
    expect(d.invoice.shownStatus).toBe("paid");
    expect(d.actions).toEqual(["credit"]);
    expect(d.document.facts).toContainEqual({ label: "Payment reference", value: "ABSA 7731" });

    // The list shows it paid.
    const list = (await load(invoicesPage, "/admin/invoices?status=paid", staff)).returned as {
      rows: { id: number; status: string }[];
    };
    expect(list.rows.find((r) => r.id === id)?.status).toBe("paid");
  });

  it("answers a step the status does not allow with 409 and changes nothing", async () => {
    const id = await created();
    const early = await act(id, { intent: "mark_paid", paymentReference: "X" });
    expect(statusOf(early.returned)).toBe(409);
    await act(id, { intent: "send" });
    // Sent is issued: never voided (VAT Act s21), whatever the page offered.
    const cancelSent = await act(id, { intent: "cancel", reason: "Changed their mind" });
    expect(statusOf(cancelSent.returned)).toBe(409);
    expect(body(cancelSent).alert?.description).toMatch(
      /^INV-\d{6} is issued: an issued tax invoice is never voided; a credit note reduces it instead\.$/,
    );
    expect((await view(id)).invoice.shownStatus).toBe("sent");
    await act(id, { intent: "mark_paid", paymentReference: "X" });
    const afterPaid: Record<string, string>[] = [
      { intent: "cancel", reason: "Too late" },
      { intent: "send" },
      { intent: "mark_paid", paymentReference: "Y" },
    ];
    for (const fields of afterPaid) {
      const outcome = await act(id, fields);
      expect(statusOf(outcome.returned), fields.intent).toBe(409);
    }
    const cancelPaid = body(await act(id, { intent: "cancel", reason: "Too late" }));
    expect(cancelPaid.alert?.description).toMatch(/is paid: an issued tax invoice is never voided/);
    expect((await view(id)).invoice.shownStatus).toBe("paid");
    const unknown = await act(id, { intent: "delete" });
    expect(statusOf(unknown.returned)).toBe(400);
  });

  it("refuses to send without the buyer's e-mail address, with a notice", async () => {
    const id = await created(staff, { buyerEmail: "" });
    const outcome = await act(id, { intent: "send" });
    expect(statusOf(outcome.returned)).toBe(400);
    expect(body(outcome).alert).toEqual({
      title: "No E-mail Address",
      description: expect.stringContaining("Kgosi Guest House has no e-mail address on INV-"),
    });
    expect((await view(id)).invoice.shownStatus).toBe("draft");
  });

  it("cancels a draft with a reason, keeping its number; the page and document say cancelled", async () => {
    const id = await created();
    const before = await view(id);
    const noReason = await act(id, { intent: "cancel", reason: " " });
    expect(body(noReason).fieldErrors).toEqual({ reason: "Say why the invoice is cancelled." });
    const cancelled = body(await act(id, { intent: "cancel", reason: "Duplicate of a web order" }));
    expect(cancelled.message).toEqual({
      title: "Invoice Cancelled",
      description: `${before.invoice.invoiceNumber} is cancelled; its number stays in the series.`,
    });
    const d = await view(id);
    expect(d.invoice).toMatchObject({
      invoiceNumber: before.invoice.invoiceNumber,
      shownStatus: "cancelled",
    });
    expect(d.actions).toEqual([]);
    expect(d.document.subtitle).toBe("Cancelled: this invoice is void");
    expect(d.document.notes).toContain("Duplicate of a web order");
  });

  it("shows a sent invoice past its due date as overdue, in the list and on its page", async () => {
    const id = await created();
    await act(id, { intent: "send" });
    await db()
      .update(invoices)
      .set({ dueDate: addDays(shopToday(), -1) })
      .where(eq(invoices.id, id));
    expect((await view(id)).invoice.shownStatus).toBe("overdue");
    const list = (await load(invoicesPage, "/admin/invoices?status=overdue", staff)).returned as {
      rows: { id: number; status: string }[];
    };
    expect(list.rows.map((r) => [r.id, r.status])).toContainEqual([id, "overdue"]);
    // Overdue can still be paid.
    const paid = body(await act(id, { intent: "mark_paid", paymentReference: "Late EFT" }));
    expect(paid.message?.title).toBe("Invoice Paid");
  });
});

describe("the invoice's page: credit", () => {
  /** Posts the credit form as the page gives it now (with its credit notes' mark). */
  const credit = async (id: number, fields: Record<string, string>, cookie = staff) =>
    act(
      id,
      {
        intent: "credit",
        reason: "Two beds came back",
        confirm: "on",
        // A draft's page offers no credit form: the post is made up, and refused all the same.
        creditNotesSeen: (await view(id)).creditOptions?.creditNotesSeen ?? "no form",
        ...fields,
      },
      cookie,
    );

  it("credits a paid invoice by lines, confirmed at the amount shown, with the money paid back by hand", async () => {
    const id = await created();
    await act(id, { intent: "send" });
    await act(id, { intent: "mark_paid", paymentReference: "ABSA 1" });
    const before = await view(id);
    expect(before.creditOptions).toMatchObject({ paid: true, remainingCents: 1_044_600 });

    const unconfirmed = await credit(id, { "qty.0": "2", confirm: "" });
    expect(statusOf(unconfirmed.returned)).toBe(400);
    expect(body(unconfirmed).fieldErrors).toEqual({
      confirm: "Check the amount and confirm the credit note.",
    });
    const noPayBack = await credit(id, { "qty.0": "2", expectedCents: "499800" });
    expect(statusOf(noPayBack.returned)).toBe(400);
    expect(body(noPayBack).fieldErrors).toEqual({
      paidBackBy:
        "Say how the money was paid back (by EFT, in cash or by card at the till), or that it is not paid back yet.",
    });
    const stale = await credit(id, {
      "qty.0": "2",
      expectedCents: "100",
      paidBackBy: "eft",
      paidBackReference: "FNB 9",
    });
    expect(statusOf(stale.returned)).toBe(409);
    expect((await view(id)).creditNotes).toEqual([]);

    const done = body(
      await credit(
        id,
        { "qty.0": "2", expectedCents: "499800", paidBackBy: "eft", paidBackReference: "FNB 9" },
        owner,
      ),
    );
    expect(done.message).toEqual({
      title: "Credit Note Issued",
      description: expect.stringMatching(
        /^CN-\d{6} credits R4,998\.00 against INV-\d{6}\. Paid back by EFT \(FNB 9\)\.$/,
      ),
    });
    const d = await view(id);
    expect(d.creditNotes).toEqual([
      expect.objectContaining({
        totalCents: 499_800,
        paidBackBy: "eft",
        paidBackReference: "FNB 9",
      }),
    ]);
    expect(d.creditOptions?.lines[0]).toMatchObject({ quantity: 4, creditable: 2 });
    const tooMany = await credit(id, {
      "qty.0": "3",
      paidBackBy: "cash",
      paidBackReference: "Slip 1",
    });
    expect(statusOf(tooMany.returned)).toBe(400);
    expect(body(tooMany).fieldErrors).toEqual({
      "qty.0": "Only 2 of this line can still be credited.",
    });
  });

  it("credits a paid invoice not paid back yet, then records it paid back by card at the till", async () => {
    const id = await created();
    await act(id, { intent: "send" });
    await act(id, { intent: "mark_paid", paymentReference: "ABSA 2" });
    const noSlip = await credit(id, {
      "qty.0": "1",
      expectedCents: "249900",
      paidBackBy: "card",
      paidBackReference: "",
    });
    expect(statusOf(noSlip.returned)).toBe(400);
    expect(body(noSlip).fieldErrors).toEqual({
      paidBackReference: "Enter the card slip's reference from the till.",
    });
    const later = body(
      await credit(id, { "qty.0": "1", expectedCents: "249900", paidBackBy: "not_yet" }),
    );
    expect(later.message?.description).toMatch(
      /^CN-\d{6} credits R2,499\.00 against INV-\d{6}\. Not paid back yet: record it on this page when it is\.$/,
    );
    const [note] = (await view(id)).creditNotes;
    expect(note).toMatchObject({ payBackDue: true, paidBackBy: null, paidBackAt: null });

    const record = (fields: Record<string, string>) =>
      act(id, { intent: "paid_back", creditNoteId: String(note!.id), ...fields });
    const unsaid = await record({ paidBackBy: "", paidBackReference: "" });
    expect(statusOf(unsaid.returned)).toBe(400);
    expect(body(unsaid).fieldErrors).toEqual({
      paidBackBy: "Choose how the money was paid back.",
    });
    const done = body(await record({ paidBackBy: "card", paidBackReference: "Till 0042" }));
    expect(done.message).toEqual({
      title: "Paid Back",
      description: expect.stringMatching(
        /^R2,499\.00 of CN-\d{6} was paid back by card at the till \(Till 0042\)\.$/,
      ),
    });
    expect((await view(id)).creditNotes).toEqual([
      expect.objectContaining({ paidBackBy: "card", paidBackReference: "Till 0042" }),
    ]);
    const twice = await record({ paidBackBy: "cash", paidBackReference: "Slip 3" });
    expect(statusOf(twice.returned)).toBe(409);
    expect(body(twice).alert?.description).toMatch(
      /^CN-\d{6} was paid back already, by card at the till \(Till 0042\)\.$/,
    );
    // Another invoice's page cannot record this invoice's note.
    const other = await created();
    const elsewhere = await act(other, {
      intent: "paid_back",
      creditNoteId: String(note!.id),
      paidBackBy: "eft",
      paidBackReference: "FNB 5",
    });
    expect(statusOf(elsewhere.returned)).toBe(404);
  });

  it("refuses to credit a draft (409) and offers no credit form for it", async () => {
    const id = await created();
    expect((await view(id)).creditOptions).toBeNull();
    const outcome = await credit(id, { amount: "100" });
    expect(statusOf(outcome.returned)).toBe(409);
  });
});

describe("who may", () => {
  const routes = (id: number): [string, Module, Record<string, string>][] => [
    ["/admin/invoices/new", invoiceNew, {}],
    [`/admin/invoices/${id}/edit`, invoiceEdit, { id: String(id) }],
    [`/admin/invoices/${id}`, invoicePage, { id: String(id) }],
  ];

  it("signed out goes to the staff sign-in and a customer gets 403, for every loader and action", async () => {
    const id = await created();
    for (const [url, module, params, intent] of [
      ...routes(id).map((r) => [...r, "send"] as const),
      [`/admin/invoices/${id}`, invoicePage, { id: String(id) }, "credit"] as const,
    ]) {
      for (const kind of ["loader", "action"] as const) {
        const handler = module[kind] as Loader;
        const request = (cookie?: string) =>
          kind === "loader"
            ? shopRequest(url, { cookie })
            : formRequest(url, { ...phoneOrder(), intent }, cookie);
        const out = await routeOutcome(handler, request(), params);
        expect((out.thrown as Response).headers.get("location"), `${kind} ${url}`).toMatch(
          STAFF_SIGN_IN,
        );
        const asCustomer = await routeOutcome(handler, request(customer), params);
        expect(asCustomer.returned, `${kind} ${url}`).toBeUndefined();
        expect(statusOf(asCustomer.thrown), `${kind} ${url}`).toBe(403);
      }
    }
    expect((await view(id)).invoice.shownStatus).toBe("draft");
  });
});
