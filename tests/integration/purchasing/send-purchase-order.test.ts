import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, purchaseOrderEvents, purchaseOrders } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { sendPurchaseOrderToSupplier } from "~/domain/purchasing/send-purchase-order.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { signedIn } from "../admin/helpers";
import { mimeParts, rawOf } from "../../setup/mime-parts";
import {
  insertPurchaseOrder,
  insertSupplier,
  insertVariant,
  setUpPurchasing,
} from "./purchase-order-fixtures";

useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let actor: { id: string; email: string };
let shop: { categoryId: number };
let variant: Awaited<ReturnType<typeof insertVariant>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpPurchasing();
  variant = await insertVariant(shop, "Muḓau Comfort Mattress");
  const { user } = await signedIn("staff");
  actor = { id: user.id, email: user.email };
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

async function purchaseOrder(
  status: (typeof purchaseOrders.$inferSelect)["status"],
  email = "orders@mudau-bedding.example",
) {
  const supplier = await insertSupplier({ contactPerson: "Ṱhalitshani Muḓau", email });
  return insertPurchaseOrder({
    supplierId: supplier.id,
    status,
    lines: [{ variantId: variant.variantId, quantityOrdered: 6, unitCostCents: 150_000 }],
  });
}

async function pdfText(pdf: Buffer) {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\u00a0/g, " ");
}

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("sending a purchase order to its supplier", () => {
  it("mails the PDF over SMTP and records when, to whom and by whom", async () => {
    const po = await purchaseOrder("approved");
    const result = await sendPurchaseOrderToSupplier({ purchaseOrderId: po.id, actor });
    expect(result).toEqual({ sentTo: "orders@mudau-bedding.example" });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.subject).toContain("Purchase order PO-");
    const parts = mimeParts(rawOf(mail));
    const text = parts.find((p) => p.headers.get("content-type")?.startsWith("text/plain"));
    expect(text?.body.toString("utf8")).toContain("Dear Ṱhalitshani Muḓau,");
    const pdf = parts.find((p) => p.headers.get("content-type")?.startsWith("application/pdf"));
    expect(pdf?.headers.get("content-disposition")).toMatch(/attachment; filename=PO-\d{4}\.pdf/);
    const printed = await pdfText(pdf!.body);
    expect(printed).toContain(variant.sku);
    expect(printed).toContain("R9,000.00");

    const [row] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.id, po.id));
    expect(row!.sentAt).toBeInstanceOf(Date);
    const events = await db()
      .select()
      .from(purchaseOrderEvents)
      .where(eq(purchaseOrderEvents.purchaseOrderId, po.id));
    expect(events).toMatchObject([
      {
        type: "sent",
        message: "Sent to the supplier at orders@mudau-bedding.example.",
        actor: actor.id,
      },
    ]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "purchase_order_sent"));
    expect(audits).toMatchObject([
      { actorId: actor.id, details: { sentTo: "orders@mudau-bedding.example" } },
    ]);
  });

  it("writes an .eml with the PDF attached to the outbox when there is no SMTP server", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "po-outbox-"));
    delete process.env.SMTP_URL;
    process.env.DATA_DIR = dataDir;
    try {
      const po = await purchaseOrder("pending", "outbox@supplier.example");
      await sendPurchaseOrderToSupplier({ purchaseOrderId: po.id, actor });
      const files = await fs.readdir(path.join(dataDir, "outbox"));
      expect(files).toHaveLength(1);
      const raw = await fs.readFile(path.join(dataDir, "outbox", files[0]!), "utf8");
      expect(raw).toContain("To: outbox@supplier.example");
      const pdf = mimeParts(raw).find((p) =>
        p.headers.get("content-type")?.startsWith("application/pdf"),
      );
      expect(pdf!.body.subarray(0, 5).toString()).toBe("%PDF-");
      expect(await pdfText(pdf!.body)).toContain(variant.sku);
    } finally {
      process.env.SMTP_URL = smtp.url;
      delete process.env.DATA_DIR;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
    expect(smtp.received).toHaveLength(0);
  });

  it("sends an in-transit or received order again as the supplier's copy", async () => {
    for (const status of ["in_transit", "received"] as const) {
      const po = await purchaseOrder(status);
      await sendPurchaseOrderToSupplier({ purchaseOrderId: po.id, actor });
    }
    expect(smtp.received).toHaveLength(2);
  });
});

describe("what is not sent", () => {
  it("a draft: the supplier must only see an order the shop stands by", async () => {
    const po = await purchaseOrder("draft");
    const error = await refusal(sendPurchaseOrderToSupplier({ purchaseOrderId: po.id, actor }));
    expect(error.kind).toBe("conflict");
    expect(error.message).toMatch(/^PO-\d{4} is still a draft: submit it before sending it/);
    expect(smtp.received).toHaveLength(0);
  });

  it("a cancelled order", async () => {
    const po = await purchaseOrder("cancelled");
    const error = await refusal(sendPurchaseOrderToSupplier({ purchaseOrderId: po.id, actor }));
    expect(error.kind).toBe("conflict");
    expect(error.message).toMatch(/is cancelled: a cancelled order is not sent/);
    expect(smtp.received).toHaveLength(0);
  });

  it("an order whose supplier has no e-mail address", async () => {
    const po = await purchaseOrder("approved", "");
    const error = await refusal(sendPurchaseOrderToSupplier({ purchaseOrderId: po.id, actor }));
    expect(error).toMatchObject({ kind: "invalid", title: "No E-mail Address" });
    expect(error.message).toMatch(/has no e-mail address: add one to the supplier/);
    expect(smtp.received).toHaveLength(0);
  });

  it("an order that does not exist", async () => {
    const error = await refusal(sendPurchaseOrderToSupplier({ purchaseOrderId: 424_242, actor }));
    expect(error.kind).toBe("not_found");
  });

  it("nothing is recorded when the mail server refuses the connection", async () => {
    const po = await purchaseOrder("approved");
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      const error = await refusal(sendPurchaseOrderToSupplier({ purchaseOrderId: po.id, actor }));
      expect(error).toMatchObject({ kind: "unavailable", title: "Not Sent" });
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
    const [row] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.id, po.id));
    expect(row!.sentAt).toBeNull();
    const events = await db()
      .select()
      .from(purchaseOrderEvents)
      .where(eq(purchaseOrderEvents.purchaseOrderId, po.id));
    expect(events).toHaveLength(0);
  });
});
