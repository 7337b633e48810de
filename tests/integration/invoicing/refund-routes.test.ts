// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as creditNotePdf from "~/routes/admin/credit-note-pdf";
import * as orderPage from "~/routes/admin/order";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { setUpShop } from "../orders/fixtures";
import { paidOrder } from "./invoice-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
let staff: string;
let customer: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "refund-routes-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  staff = (await signedIn("staff")).cookie;
  customer = (await signedIn("customer")).cookie;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Handler = Parameters<typeof routeOutcome>[0];
const body = (value: unknown) => (value as { data?: unknown }).data ?? value;

describe("the order page's refund", () => {
  it("says what is missing next to the fields, and saves nothing", async () => {
    const { order } = await paidOrder(shop, { priceCents: 100_000 });
    const params = { number: String(order.number) };
    const url = `/admin/orders/${order.number}`;
    const result = await routeOutcome(
      orderPage.action as Handler,
      formRequest(url, { intent: "refund", "qty.0": "x", reason: "", method: "eft" }, staff),
      params,
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned)).toMatchObject({
      ok: false,
      fieldErrors: {
        "qty.0": "Enter a whole number of 0 or more.",
        amount: "Choose the lines to refund, or enter an amount.",
        reason: "Say why the money is paid back.",
        eftReference: "Enter the EFT's reference from the bank.",
      },
    });
    const page = await routeOutcome(
      orderPage.loader as Handler,
      shopRequest(url, { cookie: staff }),
      params,
    );
    expect((page.returned as { refunds: unknown[] }).refunds).toEqual([]);
  });

  it("refunds by EFT, lists the refund with its credit note, and the PDF downloads for staff only", async () => {
    const { order } = await paidOrder(shop, { priceCents: 100_000 });
    const params = { number: String(order.number) };
    const url = `/admin/orders/${order.number}`;
    const fields = {
      "qty.0": "1",
      reason: "Changed their mind",
      method: "eft",
      eftReference: "FNB 0042",
      restock: "on",
    };
    const preview = await routeOutcome(
      orderPage.action as Handler,
      formRequest(url, { ...fields, intent: "refund-preview" }, staff),
      params,
    );
    const { refundsSeen } = (body(preview.returned) as { preview: { refundsSeen: string } })
      .preview;
    const result = await routeOutcome(
      orderPage.action as Handler,
      formRequest(url, { ...fields, intent: "refund", refundsSeen }, staff),
      params,
    );
    expect(body(result.returned)).toEqual({
      ok: true,
      message: {
        title: "Refund Made",
        description: expect.stringMatching(/^R1,000\.00 paid back; credit note CN-\d{6} issued\.$/),
      },
    });
    const page = await routeOutcome(
      orderPage.loader as Handler,
      shopRequest(url, { cookie: staff }),
      params,
    );
    const d = page.returned as Awaited<ReturnType<typeof orderPage.loader>>;
    expect(d.order.paymentStatus).toBe("partially_refunded");
    expect(d.refundable).toMatchObject({ remainingCents: order.totalCents - 100_000 });
    expect(d.refunds).toEqual([
      expect.objectContaining({
        amountCents: 100_000,
        method: "eft",
        reference: "FNB 0042",
        restocked: true,
      }),
    ]);
    const creditNoteId = String(d.refunds[0]!.creditNoteId);
    const pdf = await routeOutcome(
      creditNotePdf.loader as Handler,
      shopRequest(`/admin/credit-notes/${creditNoteId}/pdf`, { cookie: staff }),
      { id: creditNoteId },
    );
    const response = pdf.returned as Response;
    expect(response.headers.get("content-disposition")).toMatch(/filename="CN-\d{6}\.pdf"/);
    expect(await pdfToText(Buffer.from(await response.arrayBuffer()))).toContain(
      "Changed their mind",
    );
    const refused = await routeOutcome(
      creditNotePdf.loader as Handler,
      shopRequest(`/admin/credit-notes/${creditNoteId}/pdf`, { cookie: customer }),
      { id: creditNoteId },
    );
    expect(statusOf(refused.thrown)).toBe(403);
  });
});
