import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { reviewInvitations, reviewLinks, storeSettings, users } from "~/db/schema";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { recordDelivered } from "~/domain/delivery/record-delivery.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { cancelOrder, markOrderDelivered } from "~/domain/orders/cancel-order.server";
import { optOutOfReviewInvitations, reviewTokenHash } from "~/domain/reviews/review-links.server";
import { sendReviewInvitation } from "~/domain/reviews/review-invitations.server";
import { writeReviewByLink } from "~/domain/reviews/write-review.server";
import { folderMediaStore } from "~/lib/media-store-folder.server";
import { siteUrl } from "~/lib/site-url.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { setUpShop } from "../orders/fixtures";
import { zone } from "../delivery/fixtures";
import {
  completedOrder,
  paidOrderOf,
  REVIEW_STAFF,
  runInvitationsAfter,
  stopTokenIn,
  writeTokensIn,
} from "./write-fixtures";

useTestDatabase();

const DAY_MS = 86_400_000;
let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const driver = {
  id: "review-driver",
  email: "sipho@test-beds.example",
  role: "staff" as const,
  name: "Sipho",
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  shop = await setUpShop();
  await zone({ dropsPerDay: 40, leadDays: 0 });
  await db()
    .insert(users)
    .values({ id: driver.id, name: driver.name, email: driver.email, role: "staff" });
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
});

async function invitationOf(orderId: number) {
  const [row] = await db()
    .select()
    .from(reviewInvitations)
    .where(eq(reviewInvitations.orderId, orderId));
  return row;
}

/** How far the due time is from now, in days (to the hour). */
const daysAhead = (due: Date) => Math.round(((due.getTime() - Date.now()) / DAY_MS) * 24) / 24;

/** The invitations sent for an order (its other mails, such as the receipt, left out). */
const mailsFor = (orderNumber: number) =>
  smtp.received.filter(
    (m) =>
      m.subject.startsWith("How ") && new RegExp(`[Oo]rder ${orderNumber}\\??$`).test(m.subject),
  );

describe("scheduling an invitation", () => {
  it("schedules one when staff complete an order, due the settings' days later (7 by default)", async () => {
    const { order } = await paidOrderOf(shop);
    expect(await invitationOf(order.id)).toBeUndefined();
    expect(await invitationOf(order.id)).toBeUndefined();
    await markOrderDelivered({ orderId: order.id, actor: REVIEW_STAFF });
    const invitation = await invitationOf(order.id);
    expect(invitation).toMatchObject({ sentAt: null, skippedReason: null });
    expect(daysAhead(invitation!.dueAt)).toBe(7);
  });

  it("follows the settings' number of days", async () => {
    await db().update(storeSettings).set({ reviewInviteDays: 3 }).where(eq(storeSettings.id, 1));
    try {
      const { order } = await completedOrder(shop);
      expect(daysAhead((await invitationOf(order.id))!.dueAt)).toBe(3);
    } finally {
      await db().update(storeSettings).set({ reviewInviteDays: 7 }).where(eq(storeSettings.id, 1));
    }
  });

  it("schedules one when the driver records the order delivered", async () => {
    const { order } = await paidOrderOf(shop);
    const today = new Date().toISOString().slice(0, 10);
    const day = await bookableDay(order.number);
    const run = await createDeliveryRun({
      day,
      driverId: driver.id,
      truck: "Bakkie",
      actor: driver,
      now: new Date(`${today}T06:00:00Z`),
    });
    await addRunStop({ runId: run.id, orderNumber: order.number, actor: driver });
    const ink = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 L290 20" stroke="#000" stroke-width="5"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    await recordDelivered({
      orderNumber: order.number,
      proofKey: crypto.randomUUID(),
      recipientName: "Thandi",
      signature: `data:image/png;base64,${ink.toString("base64")}`,
      signedOnPaper: false,
      actor: driver,
      now: new Date(`${day}T08:00:00Z`),
    });
    const invitation = await invitationOf(order.id);
    expect(invitation).toBeDefined();
    // Seven days after the moment the driver recorded it delivered.
    expect(invitation!.dueAt.getTime() - new Date(`${day}T08:00:00Z`).getTime()).toBe(7 * DAY_MS);
  });
});

/** Books the order on the first day the zone takes, counted from today; that day. */
async function bookableDay(orderNumber: number): Promise<string> {
  for (let ahead = 1; ahead < 14; ahead++) {
    const day = new Date(Date.now() + ahead * DAY_MS).toISOString().slice(0, 10);
    try {
      await bookOrderDelivery({ orderNumber, day, mode: "book", actor: driver, now: new Date() });
      return day;
    } catch {
      // A Sunday or a public holiday: the next day.
    }
  }
  throw new Error("No day to book");
}

describe("the job that sends them", () => {
  it("sends nothing before the day, then one e-mail per order with a link per product, HTML and text", async () => {
    const { order, beds } = await completedOrder(shop, { count: 2 });
    // Six days on (other tests' orders may be due by then; this one is not).
    await runInvitationsAfter(6);
    expect(mailsFor(order.number)).toEqual([]);
    expect(await invitationOf(order.id)).toMatchObject({ sentAt: null });

    await runInvitationsAfter(8);
    const [mail, ...more] = mailsFor(order.number);
    expect(more).toEqual([]);
    expect(mail!.to).toBe("thandi@example.com");
    const tokens = writeTokensIn(mail!.text);
    expect(tokens).toHaveLength(beds.length);
    const text = mail!.text.replace(/=\r?\n/g, "");
    for (const token of tokens) expect(text).toContain(`${siteUrl()}/reviews/write/${token}`);
    expect(text).toContain(`${siteUrl()}/reviews/stop/`);
    // The HTML part carries the same absolute links, and no relative or undefined ones.
    expect(mail!.html).toBeDefined();
    const html = mail!.html!.replace(/=\r?\n/g, "");
    for (const token of tokens) expect(html).toContain(`${siteUrl()}/reviews/write/${token}`);
    expect(html).not.toMatch(/href="\/(?!\/)/);
    expect(`${text}${html}`).not.toMatch(/undefined|NaN/);
    // The database keeps only the tokens' hashes.
    const links = await db()
      .select({ tokenHash: reviewLinks.tokenHash })
      .from(reviewLinks)
      .innerJoin(reviewInvitations, eq(reviewInvitations.id, reviewLinks.invitationId))
      .where(eq(reviewInvitations.orderId, order.id));
    expect(links.map((l) => l.tokenHash).sort()).toEqual(tokens.map(reviewTokenHash).sort());
    expect(JSON.stringify(links)).not.toContain(tokens[0]);

    // A second run, and one more call for the same invitation, send nothing.
    smtp.received.length = 0;
    await runInvitationsAfter(9);
    expect(await sendReviewInvitation((await invitationOf(order.id))!.id)).toBe(false);
    expect(mailsFor(order.number)).toEqual([]);
  });

  it("one product gets a button to its form", async () => {
    const { order } = await completedOrder(shop);
    await runInvitationsAfter(8);
    const [mail] = mailsFor(order.number);
    const [token] = writeTokensIn(mail!.text);
    expect(mail!.subject).toMatch(/^How is your Test Bed \d+\? Order \d+$/);
    expect(mail!.html!.replace(/=\r?\n/g, "")).toMatch(/Review Test Bed \d+/);
    expect(token).toBeDefined();
  });

  it("skips an address that opted out, in any case, and sends the others", async () => {
    const first = await completedOrder(shop, { email: "Naledi@Example.com" });
    await runInvitationsAfter(8);
    const stop = stopTokenIn(mailsFor(first.order.number)[0]!.text);
    await optOutOfReviewInvitations(stop);
    await optOutOfReviewInvitations(stop); // twice is no error

    const again = await completedOrder(shop, { email: "naledi@example.COM" });
    const other = await completedOrder(shop, { email: "pule@example.com" });
    smtp.received.length = 0;
    await runInvitationsAfter(8);
    expect(mailsFor(again.order.number)).toEqual([]);
    expect(await invitationOf(again.order.id)).toMatchObject({ skippedReason: "opted out" });
    expect(mailsFor(other.order.number)).toHaveLength(1);
  });

  it("leaves reviewed products out of the links, and skips an order with nothing left", async () => {
    const { order, beds } = await completedOrder(shop, { count: 2 });
    await runInvitationsAfter(8);
    const [token] = writeTokensIn(mailsFor(order.number)[0]!.text);
    const store = folderMediaStore(`/tmp/review-invitations-${crypto.randomUUID()}`);
    await writeReviewByLink({
      token: token!,
      input: { rating: 5, title: "", body: "", displayName: "Thandi" },
      photos: [],
      store,
    });
    // A new invitation for the same order (as if the first had been lost) links the other bed only.
    await db().delete(reviewInvitations).where(eq(reviewInvitations.orderId, order.id));
    await db().execute(
      sql`insert into review_invitations (order_id, due_at) values (${order.id}, now())`,
    );
    smtp.received.length = 0;
    await runInvitationsAfter(1);
    const [last, ...none] = writeTokensIn(mailsFor(order.number)[0]!.text);
    expect(none).toHaveLength(beds.length - 2);
    await writeReviewByLink({
      token: last!,
      input: { rating: 4, title: "", body: "", displayName: "Thandi" },
      photos: [],
      store,
    });
    await db().delete(reviewInvitations).where(eq(reviewInvitations.orderId, order.id));
    await db().execute(
      sql`insert into review_invitations (order_id, due_at) values (${order.id}, now())`,
    );
    smtp.received.length = 0;
    await runInvitationsAfter(1);
    expect(mailsFor(order.number)).toEqual([]);
    expect(await invitationOf(order.id)).toMatchObject({ skippedReason: "nothing left to review" });
  });

  it("skips a cancelled order", async () => {
    const { order } = await paidOrderOf(shop);
    await db().execute(
      sql`insert into review_invitations (order_id, due_at) values (${order.id}, now())`,
    );
    await cancelOrder({ orderId: order.id, actor: { id: driver.id, email: driver.email } });
    await runInvitationsAfter(1);
    expect(mailsFor(order.number)).toEqual([]);
    expect(await invitationOf(order.id)).toMatchObject({ skippedReason: "order cancelled" });
  });

  it("two runs at once send each invitation once", async () => {
    const { order } = await completedOrder(shop);
    await Promise.all([runInvitationsAfter(8), runInvitationsAfter(8)]);
    expect(mailsFor(order.number)).toHaveLength(1);
  });
});
