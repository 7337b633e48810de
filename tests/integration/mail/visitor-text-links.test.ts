import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { submitConsultation } from "~/domain/leads/submit-consultation.server";
import { sendShopMail } from "~/domain/leads/shop-mail.server";
import { sendOrderConfirmation } from "~/domain/orders/order-mail.server";
import { sendPayReminders } from "~/domain/orders/pay-reminder.server";
import { placeOrder } from "~/domain/orders/place-order.server";
import { reviewRejectedMail } from "~/domain/reviews/moderate-review.server";
import { siteUrl } from "~/lib/site-url.server";
import * as contact from "~/routes/store/contact";
import { useTestDatabase } from "../../setup/database";
import { mimeParts, rawOf } from "../../setup/mime-parts";
import { startSmtpServer, type ReceivedMail } from "../../setup/smtp";
import { formRequest, routeOutcome, signedIn } from "../admin/helpers";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";

/*
 * Words a visitor types (a contact message, a consultation's notes, a checkout's first name, a
 * review's name) reach staff and shoppers in the shop's e-mails. They are words there: the HTML
 * part links only to the shop's own address, and the contact form's copy goes to a confirmed
 * address only, so nobody can send a link in the shop's name.
 */

useTestDatabase();

const LURE = "https://evil.example/claim?prize=1";
const LURE_TOO = "http://localhost@evil.example/pay";

let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  process.env.FORM_RATE_LIMIT = "1000";
  shop = await setUpShop();
  // Staff with New Orders on (the default) get the "New order" e-mail.
  await db()
    .insert(users)
    .values({ id: "links-owner", name: "Owner", email: "owner@test-beds.example", role: "owner" });
});
beforeEach(() => {
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.FORM_RATE_LIMIT;
  await smtp.close();
});

/** The HTML part of a received message, read from its raw MIME parts. */
function htmlPart(mail: ReceivedMail): string {
  const part = mimeParts(rawOf(mail)).find((p) =>
    p.headers.get("content-type")?.toLowerCase().startsWith("text/html"),
  );
  expect(part, `an HTML part in "${mail.subject}"`).toBeDefined();
  return part!.body.toString("utf8");
}

/** Every anchor's href in an HTML part, entities read. */
const anchorHrefs = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/gi)].map((m) => m[1]!.replace(/&amp;/g, "&"));

/**
 * The message shows the visitor's words, and every link in its HTML is on the shop's public
 * origin: none of them is the visitor's.
 */
function expectWordsNotLinks(mail: ReceivedMail, words: string[]) {
  const html = htmlPart(mail);
  for (const word of words) {
    expect(html.replace(/&amp;/g, "&"), `"${word}" shown in "${mail.subject}"`).toContain(word);
  }
  const hrefs = anchorHrefs(html);
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    expect(href.startsWith(`${siteUrl()}/`), `${href} in "${mail.subject}"`).toBe(true);
  }
}

const CONTACT = {
  firstName: "Naledi",
  lastName: "Mokoena",
  phone: "",
  subject: `Your refund is ready: ${LURE}`,
  message: `Claim it here ${LURE}\n\nor here: ${LURE_TOO}`,
};

const sendContact = (email: string, cookie?: string) =>
  routeOutcome(contact.action, formRequest("/contact", { ...CONTACT, email }, cookie), {});

describe("the contact form", () => {
  it("e-mails a signed-out visitor's message to the shop only, its links as words", async () => {
    const { returned } = await sendContact("victim@example.com");
    expect(returned).toMatchObject({ ok: true });
    expect(smtp.received.map((m) => m.to)).toEqual(["shop@test-beds.example"]);
    expectWordsNotLinks(smtp.received[0]!, [LURE, LURE_TOO]);
  });

  it("sends no copy to an address a signed-in shopper has not verified", async () => {
    const shopper = await signedIn("customer");
    expect(shopper.user.emailVerified).toBe(false);
    await sendContact(shopper.email, shopper.cookie);
    // Nor to another address typed by a shopper whose own is verified.
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, shopper.user.id));
    await sendContact("victim@example.com", shopper.cookie);
    expect(smtp.received.map((m) => m.to)).toEqual([
      "shop@test-beds.example",
      "shop@test-beds.example",
    ]);
  });

  it("sends the copy to a signed-in shopper's verified address, its links as words", async () => {
    const shopper = await signedIn("customer");
    await db().update(users).set({ emailVerified: true }).where(eq(users.id, shopper.user.id));
    await sendContact(shopper.email.toUpperCase(), shopper.cookie);
    const copy = smtp.received.find((m) => m.to.includes(shopper.email));
    expect(copy?.subject).toBe(`We received your message: ${CONTACT.subject}`);
    expectWordsNotLinks(copy!, [LURE, LURE_TOO]);
  });
});

describe("visitors' words in the shop's other e-mails", () => {
  it("a consultation's name and notes: words in the shop's e-mail and the visitor's", async () => {
    await submitConsultation({
      name: `Win at ${LURE_TOO}`,
      email: "naledi@example.co.za",
      phone: "082 555 0101",
      consultationType: "purchase",
      message: `Please call. ${LURE}`,
    });
    const toShop = smtp.received.find((m) => m.to.includes("shop@test-beds.example"))!;
    expectWordsNotLinks(toShop, [LURE, LURE_TOO]);
    const toVisitor = smtp.received.find((m) => m.to.includes("naledi@example.co.za"))!;
    expectWordsNotLinks(toVisitor, [LURE_TOO]);
  });

  it("a checkout's first name: words in staff's New order and the shopper's e-mails", async () => {
    const bed = await addVariant(shop, { priceCents: 649_900, stock: 5 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], {
        firstName: `Pay at ${LURE}`,
        email: "victim@example.com",
      }),
    );
    await sendOrderConfirmation(order.id, siteUrl());
    await sendPayReminders({ now: new Date(order.createdAt.getTime() + 16 * 60_000) });
    const toStaff = smtp.received.find((m) => m.subject.startsWith(`New order ${order.number}`));
    const toShopper = smtp.received.find((m) => m.to.includes("victim@example.com"));
    expect(toStaff?.to).toContain("owner@test-beds.example");
    expectWordsNotLinks(toStaff!, [LURE]);
    expectWordsNotLinks(toShopper!, [LURE]);
  });

  it("a review's name: words in the e-mail that says why it was not published", async () => {
    await sendShopMail((settings) =>
      reviewRejectedMail(
        {
          to: "writer@example.com",
          displayName: `Visit ${LURE}`,
          productTitle: "Serenity Foam Bed",
          reason: "It names another shop.",
        },
        settings,
      ),
    );
    const [mail] = smtp.received;
    // Its only link is the shop's mark, on the shop's address.
    expectWordsNotLinks(mail!, [LURE]);
  });
});
