import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { variants, users } from "~/db/schema";
import { sendAccountExistsMail } from "~/domain/auth/account-exists-mail.server";
import { sendPasswordResetMail } from "~/domain/auth/password-reset-mail.server";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { sendContactMessage } from "~/domain/leads/send-contact-message.server";
import { submitConsultation } from "~/domain/leads/submit-consultation.server";
import {
  confirmNewsletterSubscription,
  subscribeToNewsletter,
} from "~/domain/leads/newsletter.server";
import { sendOrderConfirmation, sendPaymentMails } from "~/domain/orders/order-mail.server";
import { sendPayReminders } from "~/domain/orders/pay-reminder.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { sendTestEmail } from "~/domain/settings/integrations.server";
import { sendVerificationMail } from "~/domain/shoppers/shopper-mail.server";
import { formatMoney } from "~/lib/money";
import { siteUrl } from "~/lib/site-url.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer, type ReceivedMail } from "../../setup/smtp";
import { issuedManualInvoice, paidOrder } from "../invoicing/invoice-fixtures";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { zone } from "../delivery/fixtures";

useTestDatabase();

const owner = { id: "mail-owner", email: "owner@test-beds.example", role: "owner" as const };
/** Monday 23 November 2026, 10:00 in Johannesburg. */
const monday = new Date("2026-11-23T08:00:00Z");

let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: owner.id, name: "Owner", email: owner.email, role: "owner" });
  await zone({ dropsPerDay: 10 });
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

const money = (cents: number) => formatMoney(cents, { cents: true });

/** What a case expects of its message beyond the checks every message passes. */
type Expect = { subject: RegExp; orderNumber?: number; totalCents?: number; button?: string };
type Case = { kind: string; send: () => Promise<Expect[]> };

/** A moment `minutes` after the order was placed. */
const minutesAfterPlacing = (order: { createdAt: Date }, minutes: number) =>
  new Date(order.createdAt.getTime() + minutes * 60_000);

async function unpaidOrder() {
  const bed = await addVariant(shop, { priceCents: 649_900, stock: 5 });
  const pillow = await addVariant(shop, { priceCents: 29_950, stock: 5 });
  const { order } = await placeOrder(
    checkout([
      { variantId: bed.variantId, quantity: 1 },
      { variantId: pillow.variantId, quantity: 2 },
    ]),
  );
  return order;
}

const CASES: Case[] = [
  {
    kind: "staff's new order, then the shopper's pay reminder",
    send: async () => {
      const order = await unpaidOrder();
      await sendOrderConfirmation(order.id, siteUrl());
      await sendPayReminders({ now: minutesAfterPlacing(order, 16) });
      const common = { orderNumber: order.number, totalCents: order.totalCents };
      return [
        {
          subject: /^Your order \d+ at .+ is waiting for payment$/,
          ...common,
          button: "See your order and pay",
        },
        { subject: /^New order \d+: /, ...common },
      ];
    },
  },
  {
    kind: "order confirmed and paid, and staff's paid order",
    send: async () => {
      const { order } = await paidOrder(shop, { priceCents: 450_000 });
      await sendPaymentMails(order.id, siteUrl());
      const common = { orderNumber: order.number, totalCents: order.totalCents };
      return [
        {
          subject: /^Your order \d+ at .+ is confirmed and paid$/,
          ...common,
          button: "See your order",
        },
        { subject: /^New paid order \d+: /, ...common },
      ];
    },
  },
  {
    kind: "delivery booked",
    send: async () => {
      const { order } = await paidOrder(shop, { priceCents: 450_000 });
      await bookOrderDelivery({
        orderNumber: order.number,
        day: "2026-11-25",
        mode: "book",
        actor: owner,
        now: monday,
      });
      return [
        {
          subject: /^Delivery booked for /,
          orderNumber: order.number,
          button: `See order ${order.number}`,
        },
      ];
    },
  },
  {
    kind: "delivery moved",
    send: async () => {
      const { order } = await paidOrder(shop, { priceCents: 450_000 });
      const book = (day: string, mode: "book" | "move") =>
        bookOrderDelivery({ orderNumber: order.number, day, mode, actor: owner, now: monday });
      await book("2026-11-25", "book");
      smtp.received.length = 0;
      await book("2026-11-26", "move");
      return [{ subject: /^Delivery moved to /, orderNumber: order.number }];
    },
  },
  {
    kind: "invoice with its PDF attached",
    send: async () => {
      const bed = await addVariant(shop, { priceCents: 899_900, stock: 5 });
      const [variant] = await db()
        .select({ sku: variants.sku })
        .from(variants)
        .where(eq(variants.id, bed.variantId));
      await issuedManualInvoice(owner, { "lines.0.sku": variant!.sku, "lines.0.quantity": "1" });
      return [{ subject: /^(Tax invoice|Invoice) INV-\d+ from /, totalCents: 899_900 }];
    },
  },
  {
    kind: "password reset",
    send: async () => {
      await sendPasswordResetMail({
        to: "thandi@example.com",
        link: `${siteUrl()}/account/reset?token=abc123`,
      });
      return [{ subject: /^Reset your .* password$/, button: "Choose a new password" }];
    },
  },
  {
    kind: "e-mail verification",
    send: async () => {
      await sendVerificationMail({
        to: "thandi@example.com",
        link: `${siteUrl()}/account/verify?token=abc123`,
      });
      return [{ subject: /^Confirm your e-mail address/ }];
    },
  },
  {
    kind: "account exists",
    send: async () => {
      await sendAccountExistsMail({
        to: "thandi@example.com",
        role: "customer",
        baseURL: siteUrl(),
      });
      return [{ subject: /^Account Exists: / }];
    },
  },
  {
    kind: "consultation request and its copy",
    send: async () => {
      await submitConsultation({
        name: "Naledi Mokoena",
        email: "naledi@example.co.za",
        phone: "082 555 0101",
        consultationType: "purchase",
        message: "A queen bed for a small room, please.",
      });
      return [
        { subject: /^New consultation request #\d+/ },
        { subject: /^We received your consultation/ },
      ];
    },
  },
  {
    kind: "contact message and its copy to a verified address",
    send: async () => {
      // The contact route finds the signed-in shopper's address confirmed.
      await sendContactMessage({
        copyToSender: true,
        input: {
          firstName: "Naledi",
          lastName: "Mokoena",
          email: "naledi@example.co.za",
          phone: "",
          subject: "Delivery to Itsoseng",
          message: "Do you deliver to Itsoseng?\n\nThank you.",
        },
      });
      return [{ subject: /^Contact form #\d+: / }, { subject: /^We received your message: / }];
    },
  },
  {
    kind: "newsletter confirmation (marketing)",
    send: async () => {
      await subscribeToNewsletter({ email: "reader@example.co.za", siteUrl: siteUrl() });
      return [{ subject: /^Please confirm your subscription/ }];
    },
  },
  {
    kind: "newsletter welcome (marketing) and the shop's new subscriber",
    send: async () => {
      await subscribeToNewsletter({ email: "welcome@example.co.za", siteUrl: siteUrl() });
      const token = /\/newsletter\/confirm\?token=([\w-]+)/.exec(smtp.received[0]!.text)?.[1];
      smtp.received.length = 0;
      await confirmNewsletterSubscription({ token: token!, siteUrl: siteUrl() });
      return [{ subject: /^Welcome to the / }, { subject: /^New newsletter subscriber: / }];
    },
  },
  {
    kind: "test e-mail from the settings",
    send: async () => {
      await sendTestEmail({ actor: owner });
      return [{ subject: /^Test e-mail from / }];
    },
  },
];

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const imgTags = (html: string) => html.match(/<img\b[^>]*>/g) ?? [];

describe("every e-mail the shop sends", () => {
  it.each(CASES)("$kind: HTML from the one layout with its plain-text part", async ({ send }) => {
    const expected = await send();
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects, "one mail per expected subject").toHaveLength(expected.length);
    for (const want of expected) {
      const mail = smtp.received.find((m) => want.subject.test(m.subject));
      expect(mail, `${want.subject} among ${subjects.join(" | ")}`).toBeDefined();
      checkMail(mail!, want);
    }
  });

  it("puts the newsletter's unsubscribe link in the HTML footer and the text", async () => {
    await subscribeToNewsletter({ email: "footer@example.co.za", siteUrl: siteUrl() });
    const [mail] = smtp.received;
    const unsubscribe = hrefs(mail!.html!).find((h) =>
      h.includes("/newsletter/unsubscribe?token="),
    );
    expect(unsubscribe).toBeDefined();
    expect(mail!.text).toContain(unsubscribe!);
    expect(mail!.html).toContain("unsubscribe here");
  });

  it("lays an order e-mail's lines and totals out in a table, the text part unchanged", async () => {
    const order = await unpaidOrder();
    await sendPayReminders({ now: minutesAfterPlacing(order, 16) });
    const mail = smtp.received.find((m) => m.subject.startsWith(`Your order ${order.number}`))!;
    expect(mail.html).toMatch(/<th[^>]*>Item<\/th>/);
    expect(mail.html).toContain(money(649_900));
    expect(mail.html).toContain(money(59_900));
    expect(mail.text).toContain(`Total: ${money(order.totalCents)}`);
    expect(mail.text).toContain(`Dear Thandi,`);
    // The signature stays in the text; the HTML has the shop's details in its footer instead.
    expect(mail.text).toMatch(/\n--\n/);
    expect(mail.html).not.toContain("\n--\n");
  });
});

function checkMail(mail: ReceivedMail, want: Expect) {
  const html = mail.html ?? "";
  expect(html, "an HTML part").toContain("<html");
  expect(mail.text.trim().length, "a text part").toBeGreaterThan(0);
  expect(html).toContain('lang="en-ZA"');
  expect(html).toContain('name="color-scheme" content="light dark"');
  expect(html).toContain('name="supported-color-schemes" content="light dark"');
  expect(html).not.toMatch(/fonts\.googleapis|@import|@font-face/);
  for (const part of [mail.text, html]) {
    expect(part).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
    if (want.orderNumber) expect(part).toContain(String(want.orderNumber));
    if (want.totalCents !== undefined) expect(part).toContain(money(want.totalCents));
  }
  const links = hrefs(html);
  expect(links.length).toBeGreaterThan(0);
  for (const href of links) expect(href.startsWith(`${siteUrl()}/`), href).toBe(true);
  for (const img of imgTags(html)) expect(img).toMatch(/\balt="[^"]+"/);
  if (want.button) {
    expect(html).toMatch(new RegExp(`<a[^>]*href="${siteUrl()}/[^"]*"[^>]*>.*${want.button}`));
  }
}
