import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { refundMails, refunds, storeSettings } from "~/db/schema";
import { askAgainAboutRefund, recheckRefunds } from "~/domain/invoicing/recheck-refunds.server";
import { refundOrder } from "~/domain/invoicing/refund-order.server";
import type { RefundInput } from "~/domain/invoicing/refund-schemas";
import { sendRefundMail, sendUnsentRefundMails } from "~/domain/orders/refund-mail.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { createPaymentAttempt, recordPaymentOutcome } from "~/domain/orders/record-payment.server";
import { useTestDatabase } from "../../setup/database";
import { mimeParts, rawOf } from "../../setup/mime-parts";
import { pdfToText } from "../../setup/pdf-text";
import { startSmtpServer } from "../../setup/smtp";
import { signedIn } from "../admin/helpers";
import { setEnv, startPayflexStandIn } from "../payments/helpers";
import { addVariant, checkout, setUpShop } from "./fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let actor: { id: string; email: string };
let restoreEnv: () => void;
beforeAll(async () => {
  smtp = await startSmtpServer();
  restoreEnv = setEnv({ SMTP_URL: smtp.url, PUBLIC_URL: "https://beds.example.co.za" });
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  actor = (await signedIn("staff")).user;
});
afterAll(async () => {
  restoreEnv();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

async function paidOrder(priceCents: number, provider: "demo" | "payflex" = "demo") {
  const bed = await addVariant(shop, { priceCents, stock: 10 });
  const { order } = await placeOrder(
    checkout([{ variantId: bed.variantId, quantity: 2 }], { email: "naledi@example.com" }),
  );
  const payment = await createPaymentAttempt(order, "card", provider);
  await recordPaymentOutcome({
    provider,
    reference: payment.reference,
    providerReference: `${provider}-${crypto.randomBytes(4).toString("hex")}`,
    status: "approved",
    amountCents: payment.amountCents,
  });
  return order;
}

const input = (over: Partial<RefundInput>): RefundInput => ({
  lines: [],
  amountCents: null,
  reason: "One bed came back damaged",
  method: "provider",
  eftReference: "",
  restock: false,
  ...over,
});

const refundMailsTo = (orderNumber: number) =>
  smtp.received.filter((m) => m.subject.endsWith(`for order ${orderNumber}`));

describe("the shopper's refund e-mail", () => {
  it("says the amount, how and when it comes back, with the credit note attached and links on the shop's origin", async () => {
    const order = await paidOrder(150_000);
    const done = await refundOrder({
      orderId: order.id,
      input: input({ lines: [{ position: 0, quantity: 1 }], restock: true }),
      actor,
    });
    if (done.status !== "completed") throw new Error(`The refund is ${done.status}`);
    const mails = refundMailsTo(order.number);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe("naledi@example.com");
    expect(mail.subject).toBe(`Refund of R1,500.00 for order ${order.number}`);
    const parts = mimeParts(rawOf(mail));
    const text = parts.find((p) => p.headers.get("content-type")?.startsWith("text/plain"))!;
    const body = text.body.toString();
    expect(body).toContain(`We have paid back R1,500.00 for your order ${order.number}`);
    expect(body).toContain("R1,500.00 to the card you paid with");
    expect(body).toContain("5 to 10 business days");
    expect(body).toContain(`Your credit note ${done.creditNoteNumber} is attached`);
    const links = body.match(/https?:\/\/\S+/g) ?? [];
    expect(links.length).toBeGreaterThanOrEqual(2);
    for (const link of links) expect(link.startsWith("https://beds.example.co.za/")).toBe(true);
    expect(body).toContain(
      `https://beds.example.co.za/orders/${order.number}/credit-notes/${done.creditNoteId}?token=`,
    );
    const pdf = parts.find((p) => p.headers.get("content-type")?.startsWith("application/pdf"));
    expect(pdf?.headers.get("content-disposition")).toContain(`${done.creditNoteNumber}.pdf`);
    const printed = await pdfToText(pdf!.body);
    expect(printed).toContain(done.creditNoteNumber);
    expect(printed).toContain("R1,500.00");

    // Asked again, it is not sent again.
    expect(await sendRefundMail({ refundId: done.refundId, siteUrl: "https://x.test" })).toBe(
      false,
    );
    expect(refundMailsTo(order.number)).toHaveLength(1);
  });

  it("by EFT: the reference and how long an EFT takes", async () => {
    const order = await paidOrder(40_000);
    await refundOrder({
      orderId: order.id,
      input: input({ amountCents: 25_000, method: "eft", eftReference: "FNB 7788" }),
      actor,
    });
    const [mail] = refundMailsTo(order.number);
    const body = mimeParts(rawOf(mail!))
      .find((p) => p.headers.get("content-type")?.startsWith("text/plain"))!
      .body.toString();
    expect(body).toContain(
      "R250.00 paid back to you by EFT or at the showroom (reference FNB 7788)",
    );
    expect(body).toContain("1 to 3 business days");
  });

  it("is not sent for a refund awaiting the provider, and once when the job and staff complete it at the same time", async () => {
    let down = true;
    const api = await startPayflexStandIn(() => {
      if (down) return { status: 502, body: { message: "Bad gateway" } };
      return { status: 201, body: { refundId: "pfx-race" } };
    });
    try {
      const order = await paidOrder(70_000, "payflex");
      const first = await refundOrder({
        orderId: order.id,
        input: input({ amountCents: 20_000 }),
        actor,
      });
      expect(first.status).toBe("awaiting");
      expect(refundMailsTo(order.number)).toHaveLength(0);
      down = false;
      const later = new Date(Date.now() + 10 * 60_000);
      await Promise.allSettled([
        recheckRefunds(later),
        recheckRefunds(later),
        askAgainAboutRefund({ orderId: order.id, refundId: first.refundId, actor }),
        sendRefundMail({ refundId: first.refundId, siteUrl: "https://beds.example.co.za" }),
      ]);
      const [row] = await db().select().from(refunds).where(eq(refunds.id, first.refundId));
      expect(row!.status).toBe("completed");
      expect(refundMailsTo(order.number).map((m) => m.subject)).toEqual([
        `Refund of R200.00 for order ${order.number}`,
      ]);
      expect(
        await db().select().from(refundMails).where(eq(refundMails.refundId, first.refundId)),
      ).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it("a send that fails is handed back, and the job sends it later, once", async () => {
    const order = await paidOrder(30_000);
    const restore = setEnv({ SMTP_URL: "smtp://127.0.0.1:1" });
    let refundId: number;
    try {
      const done = await refundOrder({
        orderId: order.id,
        input: input({ amountCents: 10_000, method: "eft", eftReference: "FNB 1" }),
        actor,
      });
      expect(done.status).toBe("completed");
      refundId = done.refundId;
    } finally {
      restore();
    }
    expect(await db().select().from(refundMails).where(eq(refundMails.refundId, refundId))).toEqual(
      [],
    );
    expect(refundMailsTo(order.number)).toHaveLength(0);
    // The job catches it, once.
    expect(await sendUnsentRefundMails()).toBe(1);
    expect(await sendUnsentRefundMails()).toBe(0);
    expect(refundMailsTo(order.number)).toHaveLength(1);
  });
});
