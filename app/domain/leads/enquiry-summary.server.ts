import { eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { countMatching } from "~/db/list-page.server";
import { newsletterSubscribers } from "~/db/schema";
import { ENQUIRY_KINDS, type EnquiryKind } from "./enquiry-lists";
import { enquiryTable } from "./enquiry-tables.server";

const countWhere = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;

async function countByStatus(kind: EnquiryKind) {
  const { table, columns } = enquiryTable(kind);
  const [row] = await db()
    .select({
      new: countWhere(eq(columns.status, "new")),
      contacted: countWhere(eq(columns.status, "contacted")),
    })
    .from(table);
  return row ?? { new: 0, contacted: 0 };
}

/** The inbox's cards: what waits for an answer, what is under way, who reads the newsletter. */
export async function summarizeEnquiries() {
  const [consultations, messages, [subscribers]] = await Promise.all([
    countByStatus("consultation"),
    countByStatus("message"),
    db()
      .select({
        confirmed: countWhere(eq(newsletterSubscribers.status, "confirmed")),
        pending: countWhere(eq(newsletterSubscribers.status, "pending")),
      })
      .from(newsletterSubscribers),
  ]);
  return {
    newConsultations: consultations.new,
    newMessages: messages.new,
    contacted: consultations.contacted + messages.contacted,
    confirmedSubscribers: subscribers?.confirmed ?? 0,
    pendingSubscribers: subscribers?.pending ?? 0,
  };
}

/**
 * Consultation requests and contact messages nobody has answered yet: the sidebar's count, read
 * on every back-office page through the (status, created_at, id) indexes.
 */
export async function countNewEnquiries(): Promise<number> {
  const counts = await Promise.all(
    ENQUIRY_KINDS.map((kind) => {
      const { table, columns } = enquiryTable(kind);
      return countMatching(table, eq(columns.status, "new"));
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}
