// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { orders } from "~/db/schema";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import * as accountOrder from "~/routes/account/order";
import * as accountCreditNote from "~/routes/account/order-credit-note";
import * as adminOrder from "~/routes/admin/order";
import * as guestOrder from "~/routes/store/order";
import * as guestCreditNote from "~/routes/store/order-credit-note";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";

useTestDatabase();

type Person = Awaited<ReturnType<typeof signedIn>>;
let dataDir: string;
let owner: Person;
let stranger: Person;
let staff: Person;
let mine: { id: number; number: number; token: string; totalCents: number };
let theirs: { number: number; token: string };
let creditNoteId: number;
let creditNoteNumber: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "order-refunds-"));
  process.env.DATA_DIR = dataDir;
  const shop = await setUpShop();
  owner = await signedIn("customer");
  stranger = await signedIn("customer");
  staff = await signedIn("staff");
  const { order } = await paidOrder(shop, { priceCents: 150_000, quantity: 2 });
  await db().update(orders).set({ customerUserId: owner.user.id }).where(eq(orders.id, order.id));
  mine = order;
  theirs = (await paidOrder(shop, { priceCents: 90_000 })).order;
  const done = await refundOrder({
    orderId: order.id,
    input: {
      lines: [{ position: 0, quantity: 1 }],
      amountCents: null,
      reason: "One bed came back",
      method: "eft",
      eftReference: "FNB 5150",
      restock: true,
    },
    actor: staff.user,
  });
  if (done.status !== "completed") throw new Error(`The refund is ${done.status}`);
  creditNoteId = done.creditNoteId;
  creditNoteNumber = done.creditNoteNumber;
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const partly = () => /^Partly refunded \(R1,500\.00 of R3,000\.00\)$/;
const pdfText = async (response: unknown) =>
  pdfToText(Buffer.from(await (response as Response).arrayBuffer()));

describe("the shopper's order pages show refunds, credit notes and the money state", () => {
  it("by the order's link: the refund, its credit note's link, and 'Partly refunded'", async () => {
    const page = await routeOutcome(
      guestOrder.loader,
      shopRequest(`/orders/${mine.number}?token=${mine.token}`),
      { number: String(mine.number) },
    );
    const d = page.returned as Awaited<ReturnType<typeof guestOrder.loader>>;
    expect(d.paymentState).toMatch(partly());
    expect(d.refunds).toEqual([
      expect.objectContaining({
        amountCents: 150_000,
        how: "by EFT",
        state: "paid_back",
        creditNote: { id: creditNoteId, number: creditNoteNumber },
        creditNoteHref: `/orders/${mine.number}/credit-notes/${creditNoteId}?token=${mine.token}`,
      }),
    ]);
    // No staff words or references reach the shopper's page.
    expect(JSON.stringify(d.refunds)).not.toContain("FNB 5150");

    const pdf = await routeOutcome(
      guestCreditNote.loader,
      shopRequest(d.refunds[0]!.creditNoteHref!),
      { number: String(mine.number), id: String(creditNoteId) },
    );
    expect((pdf.returned as Response).headers.get("content-type")).toBe("application/pdf");
    expect(await pdfText(pdf.returned)).toContain(creditNoteNumber);
  });

  it("another order's token, a wrong token or another order's credit note: not found", async () => {
    const attempts = [
      { number: mine.number, token: theirs.token },
      { number: mine.number, token: "x".repeat(32) },
      { number: theirs.number, token: theirs.token },
    ];
    for (const a of attempts) {
      const result = await routeOutcome(
        guestCreditNote.loader,
        shopRequest(`/orders/${a.number}/credit-notes/${creditNoteId}?token=${a.token}`),
        { number: String(a.number), id: String(creditNoteId) },
      );
      expect(statusOf(result.thrown)).toBe(404);
    }
  });

  it("in the account: the owner sees and downloads it; another shopper, staff and the signed-out cannot", async () => {
    const params = { number: String(mine.number), id: String(creditNoteId) };
    const url = `/account/orders/${mine.number}/credit-notes/${creditNoteId}`;
    const page = await routeOutcome(
      accountOrder.loader,
      shopRequest(`/account/orders/${mine.number}`, { cookie: owner.cookie }),
      params,
    );
    const d = page.returned as Awaited<ReturnType<typeof accountOrder.loader>>;
    expect(d.paymentState).toMatch(partly());
    expect(d.refunds.map((r) => r.creditNoteHref)).toEqual([url]);
    const pdf = await routeOutcome(
      accountCreditNote.loader,
      shopRequest(url, { cookie: owner.cookie }),
      params,
    );
    expect(await pdfText(pdf.returned)).toContain(creditNoteNumber);
    for (const person of [stranger, staff]) {
      const refused = await routeOutcome(
        accountCreditNote.loader,
        shopRequest(url, { cookie: person.cookie }),
        params,
      );
      expect(statusOf(refused.thrown)).toBe(404);
    }
    const signedOut = await routeOutcome(accountCreditNote.loader, shopRequest(url), params);
    expect((signedOut.thrown as Response).headers.get("location")).toBe(
      `/account/sign-in?next=${encodeURIComponent(url)}`,
    );
  });

  it("the admin order page says the same: partly refunded, not 'Paid'", async () => {
    const page = await routeOutcome(
      adminOrder.loader,
      shopRequest(`/admin/orders/${mine.number}`, { cookie: staff.cookie }),
      { number: String(mine.number) },
    );
    expect((page.returned as { paymentState: string }).paymentState).toMatch(partly());
  });
});
