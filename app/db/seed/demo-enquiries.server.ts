import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationRequests, contactMessages, newsletterSubscribers, users } from "~/db/schema";
import { DEMO_OWNER } from "~/domain/auth/demo-owner";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo's inbox: consultation requests and contact messages in each state (new ones, one
 * contacted with a note, one closed), and subscribers confirmed, pending and gone. Handled
 * ones are the demo owner's work when that account exists.
 */
export async function insertDemoEnquiries(now = new Date()) {
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const [owner] = await db()
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_OWNER.email));
  const handled = (status: "contacted" | "closed", staffNote: string, at: number) => ({
    status,
    staffNote,
    handledBy: owner?.id ?? null,
    handledAt: ago(at),
  });

  await db()
    .insert(consultationRequests)
    .values([
      {
        name: "Pieter van der Merwe",
        email: "pieter.vdm@example.co.za",
        phone: "083 555 0116",
        consultationType: "franchise",
        message: "I would like to open a Slumber Corner in Potchefstroom. What does it take?",
        createdAt: ago(12 * DAY),
        ...handled("closed", "Called him: we are not franchising yet. Kept his details.", 11 * DAY),
      },
      {
        name: "Lindiwe Sithole",
        email: "lindiwe.s@example.com",
        phone: "071 555 0187",
        consultationType: "complex",
        message:
          "We run a guesthouse in Mahikeng and need 12 single beds with mattresses. " +
          "Is there a price for a bulk order?",
        createdAt: ago(3 * DAY),
        ...handled(
          "contacted",
          "Called her; quote for 12 single foam sets sent by e-mail. Follow up on Friday.",
          2 * DAY,
        ),
      },
      {
        name: "Kagiso Molefe",
        email: "kagiso.m@example.com",
        phone: "060 555 0133",
        consultationType: "purchase",
        message: "",
        createdAt: ago(26 * HOUR),
      },
      {
        name: "Thabo Mokoena",
        email: "thabo.mokoena@example.co.za",
        phone: "082 555 0142",
        consultationType: "purchase",
        message:
          "Looking for a queen size foam bed for our new house in Lichtenburg. " +
          "Can we come to the showroom on Saturday?",
        createdAt: ago(2 * HOUR),
      },
    ]);

  await db()
    .insert(contactMessages)
    .values([
      {
        firstName: "Anna",
        lastName: "Botha",
        email: "anna.botha@example.com",
        phone: "072 555 0199",
        subject: "Mattress sagging",
        message: "My mattress sags in the middle after eight months. Is that covered?",
        createdAt: ago(20 * DAY),
        ...handled("closed", "Collected and replaced under the warranty.", 15 * DAY),
      },
      {
        firstName: "Sipho",
        lastName: "Nkosi",
        email: "sipho.nkosi@example.co.za",
        phone: "",
        subject: "Lay-by on a king size bed",
        message: "Can I put a king size spring bed on lay-by? How long may I take to pay?",
        createdAt: ago(2 * DAY),
        ...handled("contacted", "Replied by e-mail with the lay-by terms.", DAY),
      },
      {
        firstName: "Naledi",
        lastName: "Khumalo",
        email: "naledi.k@example.com",
        phone: "079 555 0121",
        subject: "Delivery to Zeerust",
        message: "Hi, do you deliver to Zeerust, and what would it cost for a double bed?",
        createdAt: ago(5 * HOUR),
      },
    ]);

  const token = () => crypto.randomBytes(24).toString("base64url");
  await db()
    .insert(newsletterSubscribers)
    .values([
      {
        email: "mpho.dube@example.com",
        status: "confirmed",
        unsubscribeToken: token(),
        createdAt: ago(40 * DAY),
        confirmSentAt: ago(40 * DAY),
        confirmedAt: ago(40 * DAY - HOUR),
      },
      {
        email: "jacques.pretorius@example.co.za",
        status: "confirmed",
        unsubscribeToken: token(),
        createdAt: ago(9 * DAY),
        confirmSentAt: ago(9 * DAY),
        confirmedAt: ago(8 * DAY),
      },
      {
        email: "zanele.ndlovu@example.com",
        status: "pending",
        unsubscribeToken: token(),
        // A link nobody holds: the demo's pending sign-up cannot be confirmed.
        confirmTokenHash: crypto.createHash("sha256").update(token()).digest("hex"),
        createdAt: ago(DAY),
        confirmSentAt: ago(DAY),
      },
      {
        email: "old.reader@example.com",
        status: "unsubscribed",
        unsubscribeToken: token(),
        createdAt: ago(90 * DAY),
        confirmSentAt: ago(90 * DAY),
        confirmedAt: ago(89 * DAY),
        unsubscribedAt: ago(30 * DAY),
      },
    ])
    .onConflictDoNothing();
}
