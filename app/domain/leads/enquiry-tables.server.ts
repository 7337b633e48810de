import { sql } from "drizzle-orm";
import {
  consultationRequests,
  consultationSearchText,
  contactMessages,
  messageSearchText,
  users,
} from "~/db/schema";
import type { EnquiryKind } from "./enquiry-lists";

type EnquiryTable = typeof consultationRequests | typeof contactMessages;

/** The columns both kinds have: how to reach the visitor, what they wrote, staff's handling. */
function sharedColumns(t: EnquiryTable) {
  return {
    id: t.id,
    email: t.email,
    phone: t.phone,
    message: t.message,
    status: t.status,
    staffNote: t.staffNote,
    createdAt: t.createdAt,
    handledAt: t.handledAt,
  };
}

/**
 * What the inbox reads of each kind's table under one set of names, so consultation requests
 * and contact messages share their list, detail and update queries. A message's topic is its
 * subject; a consultation's is the type the visitor chose.
 */
export function enquiryTable(kind: EnquiryKind) {
  if (kind === "consultation") {
    const t = consultationRequests;
    return {
      table: t,
      columns: {
        ...sharedColumns(t),
        name: t.name,
        topic: sql<string>`${t.consultationType}::text`,
      },
      handledBy: t.handledBy,
      searchText: consultationSearchText(t),
      sortName: [sql`lower(${t.name})`],
    };
  }
  const t = contactMessages;
  const name = sql<string>`${t.firstName} || ' ' || ${t.lastName}`;
  return {
    table: t,
    columns: { ...sharedColumns(t), name, topic: t.subject },
    handledBy: t.handledBy,
    searchText: messageSearchText(t),
    sortName: [sql`lower(${name})`],
  };
}

/** Who last handled an enquiry, by name (their e-mail when they have none). */
export const handlerName = sql<string | null>`coalesce(nullif(${users.name}, ''), ${users.email})`;
