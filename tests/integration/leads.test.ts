import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationRequests, contactMessages, newsletterSubscribers } from "~/db/schema";
import {
  confirmNewsletterSubscription,
  deleteStaleSignups,
  subscribeToNewsletter,
  unsubscribeFromNewsletter,
} from "~/domain/leads/newsletter.server";
import { sendContactMessage } from "~/domain/leads/send-contact-message.server";
import { submitConsultation } from "~/domain/leads/submit-consultation.server";
import { insertStoreSettings } from "../factories";
import { useTestDatabase } from "../setup/database";
import { startSmtpServer } from "../setup/smtp";

useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const siteUrl = "http://shop.test";

beforeAll(async () => {
  await insertStoreSettings();
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

function linkIn(text: string, pathPrefix: string) {
  const match = text.match(new RegExp(`${siteUrl}${pathPrefix}\\?token=([\\w-]+)`));
  if (!match?.[1]) throw new Error(`No ${pathPrefix} link in:\n${text}`);
  return match[1];
}

describe("consultation requests", () => {
  it("are stored and e-mailed to the shop and to the visitor", async () => {
    const saved = await submitConsultation({
      name: "Thabo Mokoena",
      email: "thabo@example.co.za",
      phone: "082 123 4567",
      consultationType: "franchise",
      message: "Interested in a franchise in Mahikeng",
    });
    const [row] = await db()
      .select()
      .from(consultationRequests)
      .where(eq(consultationRequests.id, saved.id));
    expect(row).toMatchObject({ name: "Thabo Mokoena", consultationType: "franchise" });

    const toShop = smtp.received.find((m) => m.to.includes("shop@test-beds.example"));
    expect(toShop?.subject).toContain("Franchise enquiry");
    expect(toShop?.text).toContain("082 123 4567");
    const toVisitor = smtp.received.find((m) => m.to.includes("thabo@example.co.za"));
    expect(toVisitor?.text).toContain("within 24 hours");
  });
});

describe("contact messages", () => {
  it("are stored and e-mailed to the shop; an address only typed gets no copy", async () => {
    await sendContactMessage({
      input: {
        firstName: "Lerato",
        lastName: "Dlamini",
        email: "lerato@example.com",
        phone: "",
        subject: "Delivery to Zeerust",
        message: "Do you deliver to Zeerust?",
      },
    });
    const rows = await db().select().from(contactMessages);
    expect(rows.map((r) => r.subject)).toContain("Delivery to Zeerust");
    expect(smtp.received.map((m) => m.to)).toEqual(["shop@test-beds.example"]);
    expect(smtp.received[0]!.text).toContain("Do you deliver to Zeerust?");
  });

  it("is kept even when the mail server is down", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    try {
      const saved = await sendContactMessage({
        input: {
          firstName: "Sipho",
          lastName: "Nkosi",
          email: "sipho@example.com",
          phone: "",
          subject: "Mail down",
          message: "Still stored?",
        },
      });
      const [row] = await db()
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, saved.id));
      expect(row?.subject).toBe("Mail down");
    } finally {
      process.env.SMTP_URL = smtp.url;
    }
  });
});

describe("newsletter double opt-in", () => {
  const email = "naledi@example.com";

  it("keeps a new subscriber pending until the e-mailed link is followed", async () => {
    await subscribeToNewsletter({ email, siteUrl });
    const [pending] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(pending?.status).toBe("pending");
    expect(pending?.confirmedAt).toBeNull();

    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail?.subject).toContain("confirm");
    linkIn(mail!.text, "/newsletter/unsubscribe");
    const token = linkIn(mail!.text, "/newsletter/confirm");

    const result = await confirmNewsletterSubscription({ token, siteUrl });
    expect(result).toEqual({ ok: true, email });
    const [confirmed] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    expect(confirmed?.status).toBe("confirmed");
    expect(confirmed?.confirmedAt).toBeInstanceOf(Date);

    // The link works once.
    expect(await confirmNewsletterSubscription({ token, siteUrl })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("sends every newsletter e-mail with a working unsubscribe link", async () => {
    smtp.received.length = 0;
    const other = "kabelo@example.com";
    await subscribeToNewsletter({ email: other, siteUrl });
    const token = linkIn(smtp.received[0]!.text, "/newsletter/confirm");
    await confirmNewsletterSubscription({ token, siteUrl });
    const welcome = smtp.received.find((m) => m.subject.startsWith("Welcome"));
    expect(welcome?.headers.get("list-unsubscribe")).toContain("/newsletter/unsubscribe?token=");
    const unsubscribeToken = linkIn(welcome!.text, "/newsletter/unsubscribe");

    expect(await unsubscribeFromNewsletter({ token: unsubscribeToken })).toEqual({
      ok: true,
      email: other,
    });
    const [row] = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, other));
    expect(row?.status).toBe("unsubscribed");
    expect(row?.unsubscribedAt).toBeInstanceOf(Date);
    expect(await unsubscribeFromNewsletter({ token: "no-such-token-at-all-here" })).toEqual({
      ok: false,
    });
  });

  it("refuses a confirmation link older than seven days", async () => {
    smtp.received.length = 0;
    await subscribeToNewsletter({ email: "late@example.com", siteUrl });
    const token = linkIn(smtp.received[0]!.text, "/newsletter/confirm");
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(await confirmNewsletterSubscription({ token, siteUrl, now: later })).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("leaves a confirmed subscriber as they are and mails nothing", async () => {
    smtp.received.length = 0;
    expect(await subscribeToNewsletter({ email, siteUrl })).toEqual({ status: "confirmed" });
    expect(smtp.received).toHaveLength(0);
  });
});

describe("without SMTP_URL", () => {
  it("writes each message as an .eml file to the outbox", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-test-"));
    delete process.env.SMTP_URL;
    process.env.DATA_DIR = dataDir;
    try {
      await submitConsultation({
        name: "Outbox Test",
        email: "outbox@example.com",
        phone: "018 111 2222",
        consultationType: "purchase",
        message: "",
      });
      const files = await fs.readdir(path.join(dataDir, "outbox"));
      expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(2);
      const contents = await Promise.all(
        files.map((f) => fs.readFile(path.join(dataDir, "outbox", f), "utf8")),
      );
      expect(contents.join("\n")).toContain("outbox@example.com");
    } finally {
      process.env.SMTP_URL = smtp.url;
      delete process.env.DATA_DIR;
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe("unconfirmed sign-ups", () => {
  it("are deleted after 30 days, as the privacy policy promises", async () => {
    await subscribeToNewsletter({ email: "never-confirmed@example.com", siteUrl });
    await deleteStaleSignups(new Date(Date.now() + 29 * 86_400_000));
    const kept = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "never-confirmed@example.com"));
    expect(kept).toHaveLength(1);
    await deleteStaleSignups(new Date(Date.now() + 31 * 86_400_000));
    const gone = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "never-confirmed@example.com"));
    expect(gone).toHaveLength(0);
    const confirmed = await db()
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.status, "confirmed"));
    expect(confirmed.length).toBeGreaterThan(0);
  });
});
