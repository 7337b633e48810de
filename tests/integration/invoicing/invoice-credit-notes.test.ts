// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { invoices } from "~/db/schema";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import * as invoicePage from "~/routes/admin/invoice";
import { useTestDatabase } from "../../setup/database";
import { routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { setUpShop } from "../orders/fixtures";
import { paidOrder } from "./invoice-fixtures";

useTestDatabase();

let dataDir: string;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let staff: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "invoice-credit-notes-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  staff = await signedIn("staff");
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

const refund = (orderId: number, amountCents: number, reason: string) =>
  refundOrder({
    orderId,
    input: {
      lines: [],
      amountCents,
      reason,
      method: "eft",
      eftReference: "FNB 42",
      restock: false,
    },
    actor: staff.user,
  });

describe("the admin invoice page lists its credit notes", () => {
  it("each with its number, date, reason, amount and PDF link; none for an invoice not credited", async () => {
    const { order } = await paidOrder(shop, { priceCents: 200_000 });
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    const load = async () => {
      const page = await routeOutcome(
        invoicePage.loader,
        shopRequest(`/admin/invoices/${invoice!.id}`, { cookie: staff.cookie }),
        { id: String(invoice!.id) },
      );
      return page.returned as Awaited<ReturnType<typeof invoicePage.loader>>;
    };
    expect((await load()).creditNotes).toEqual([]);
    const first = await refund(order.id, 30_000, "Scratched headboard");
    const second = await refund(order.id, 11_500, "Late delivery");
    if (first.status !== "completed" || second.status !== "completed") throw new Error("Not made");
    const d = await load();
    expect(
      d.creditNotes.map((n) => [n.id, n.creditNoteNumber, n.reason, n.totalCents, n.vatCents]),
    ).toEqual([
      [first.creditNoteId, first.creditNoteNumber, "Scratched headboard", 30_000, 3_913],
      [second.creditNoteId, second.creditNoteNumber, "Late delivery", 11_500, 1_500],
    ]);
    expect(d.totalCents).toBe(order.totalCents);
    const customer = await signedIn("customer");
    const refused = await routeOutcome(
      invoicePage.loader,
      shopRequest(`/admin/invoices/${invoice!.id}`, { cookie: customer.cookie }),
      { id: String(invoice!.id) },
    );
    expect(statusOf(refused.thrown)).toBe(403);
  });
});
