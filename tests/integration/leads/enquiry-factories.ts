import { db } from "~/db/client.server";
import { consultationRequests, contactMessages, newsletterSubscribers } from "~/db/schema";

let serial = 0;

/** A consultation request as the storefront stores it, with test values unless overridden. */
export async function insertConsultation(
  overrides: Partial<typeof consultationRequests.$inferInsert> = {},
) {
  const n = ++serial;
  const [row] = await db()
    .insert(consultationRequests)
    .values({
      name: `Visitor ${n}`,
      email: `visitor${n}@example.com`,
      phone: "082 000 0000",
      consultationType: "purchase",
      message: "",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertContactMessage(
  overrides: Partial<typeof contactMessages.$inferInsert> = {},
) {
  const n = ++serial;
  const [row] = await db()
    .insert(contactMessages)
    .values({
      firstName: "Writer",
      lastName: `${n}`,
      email: `writer${n}@example.com`,
      subject: `Question ${n}`,
      message: "Hello",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertSubscriber(
  overrides: Partial<typeof newsletterSubscribers.$inferInsert> = {},
) {
  const n = ++serial;
  const [row] = await db()
    .insert(newsletterSubscribers)
    .values({
      email: `reader${n}@example.com`,
      unsubscribeToken: `unsubscribe-token-${n}-${crypto.randomUUID()}`,
      ...overrides,
    })
    .returning();
  return row!;
}
