import crypto from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";
import type { StoreSettings } from "~/domain/settings/store-settings.server";
import type { MailMessage } from "~/mail/mailer.server";
import { plainContent } from "~/mail/mail-content";
import { notifyQuietly, sendShopMail } from "./shop-mail.server";

/** How long a confirmation link stays valid. */
export const CONFIRM_LINK_DAYS = 7;
/** Sign-ups never confirmed are deleted after this many days (the privacy policy says so). */
export const UNCONFIRMED_RETENTION_DAYS = 30;

const hash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
const newToken = () => crypto.randomBytes(24).toString("base64url");

/**
 * Double opt-in (POPIA): records a pending subscriber and e-mails a confirmation link. A
 * confirmed address is left as it is, and the visitor is told the same either way.
 */
export async function subscribeToNewsletter(options: { email: string; siteUrl: string }) {
  const token = newToken();
  const now = new Date();
  await deleteStaleSignups(now);
  const [existing] = await db()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, options.email));
  if (existing?.status === "confirmed") return { status: "confirmed" as const };

  const values = { status: "pending" as const, confirmTokenHash: hash(token), confirmSentAt: now };
  const [subscriber] = existing
    ? await db()
        .update(newsletterSubscribers)
        .set(values)
        .where(eq(newsletterSubscribers.id, existing.id))
        .returning()
    : await db()
        .insert(newsletterSubscribers)
        .values({ ...values, email: options.email, unsubscribeToken: newToken() })
        .returning();
  if (!subscriber) throw new Error("The subscription was not saved.");

  const confirmUrl = `${options.siteUrl}/newsletter/confirm?token=${token}`;
  const unsubscribeUrl = unsubscribeLink(options.siteUrl, subscriber.unsubscribeToken);
  await sendShopMail((shop) =>
    newsletterConfirmMail({ email: subscriber.email, confirmUrl, unsubscribeUrl }, shop),
  );
  return { status: "pending" as const };
}

export type ConfirmResult =
  { ok: true; email: string } | { ok: false; reason: "invalid" | "expired" };

/** Confirms a subscription from its e-mailed link and records the time of consent. */
export async function confirmNewsletterSubscription(options: {
  token: string;
  siteUrl: string;
  now?: Date;
}): Promise<ConfirmResult> {
  const now = options.now ?? new Date();
  const [subscriber] = await db()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hash(options.token)));
  if (!subscriber || subscriber.status !== "pending") return { ok: false, reason: "invalid" };
  const sentAt = subscriber.confirmSentAt?.getTime() ?? 0;
  if (now.getTime() - sentAt > CONFIRM_LINK_DAYS * 86_400_000) {
    return { ok: false, reason: "expired" };
  }
  await db()
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now, confirmTokenHash: null, unsubscribedAt: null })
    .where(eq(newsletterSubscribers.id, subscriber.id));

  const unsubscribeUrl = unsubscribeLink(options.siteUrl, subscriber.unsubscribeToken);
  await notifyQuietly("newsletter welcome", (shop) => [
    newsletterMail(shop, unsubscribeUrl, {
      to: subscriber.email,
      subject: `Welcome to the ${shop.storeName} newsletter`,
      text: "Thank you for confirming. We'll send you our specials and new arrivals.",
    }),
    {
      to: shop.email,
      subject: `New newsletter subscriber: ${subscriber.email}`,
      text: `${subscriber.email} confirmed their subscription on ${now.toISOString()}.`,
    },
  ]);
  return { ok: true, email: subscriber.email };
}

/** Unsubscribes the holder of an unsubscribe link; doing it twice is harmless. */
export async function unsubscribeFromNewsletter(options: { token: string; now?: Date }) {
  const [subscriber] = await db()
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, options.token));
  if (!subscriber) return { ok: false as const };
  if (subscriber.status !== "unsubscribed") {
    await db()
      .update(newsletterSubscribers)
      .set({
        status: "unsubscribed",
        unsubscribedAt: options.now ?? new Date(),
        confirmTokenHash: null,
      })
      .where(eq(newsletterSubscribers.id, subscriber.id));
  }
  return { ok: true as const, email: subscriber.email };
}

/** Finds who an unsubscribe link belongs to, to show on the unsubscribe page. */
export async function findSubscriberByUnsubscribeToken(token: string) {
  const [subscriber] = await db()
    .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token));
  return subscriber;
}

/** Removes sign-ups that were never confirmed within the retention period. */
export async function deleteStaleSignups(now: Date = new Date()) {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_RETENTION_DAYS * 86_400_000);
  await db()
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        lt(newsletterSubscribers.confirmSentAt, cutoff),
      ),
    );
}

function unsubscribeLink(siteUrl: string, token: string) {
  return `${siteUrl}/newsletter/unsubscribe?token=${token}`;
}

/** The double opt-in's e-mail: the link that confirms the subscription. */
export function newsletterConfirmMail(
  input: { email: string; confirmUrl: string; unsubscribeUrl: string },
  shop: StoreSettings,
): MailMessage {
  const message = newsletterMail(shop, input.unsubscribeUrl, {
    to: input.email,
    subject: `Please confirm your subscription to ${shop.storeName}`,
    text: [
      `Please confirm that you want our newsletter at ${input.email}:`,
      "",
      input.confirmUrl,
      "",
      `The link works for ${CONFIRM_LINK_DAYS} days. If you did not ask for this, ignore this`,
      "e-mail and you will not hear from us again.",
    ].join("\n"),
  });
  return {
    ...message,
    email: {
      heading: "Please confirm your subscription",
      paragraphs: [`Please confirm that you want our newsletter at ${input.email}.`],
      action: { label: "Yes, send me the newsletter", url: input.confirmUrl },
      after: [
        `The button works for ${CONFIRM_LINK_DAYS} days. If you did not ask for this, ignore this e-mail and you will not hear from us again.`,
      ],
      marketing: { unsubscribeUrl: input.unsubscribeUrl },
    },
  };
}

/** Every newsletter e-mail carries a working unsubscribe link, in its text and its headers. */
function newsletterMail(
  shop: StoreSettings,
  unsubscribeUrl: string,
  message: MailMessage,
): MailMessage {
  return {
    ...message,
    text: `${message.text}\n\nTo stop receiving ${shop.storeName} newsletters, unsubscribe here:\n${unsubscribeUrl}`,
    // The layout puts the unsubscribe link in its footer.
    email: { ...plainContent(message.subject, message.text), marketing: { unsubscribeUrl } },
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
