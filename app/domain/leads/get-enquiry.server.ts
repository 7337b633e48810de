import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { notFound } from "~/domain/errors";
import type { EnquiryKind } from "./enquiry-lists";
import { enquiryTable, handlerName } from "./enquiry-tables.server";

/** One consultation request or contact message: all the visitor sent and where staff stand. */
export async function getEnquiry(options: { kind: EnquiryKind; id: number }) {
  const source = enquiryTable(options.kind);
  const [enquiry] = await db()
    .select({ ...source.columns, handler: handlerName })
    .from(source.table)
    .leftJoin(users, eq(users.id, source.handledBy))
    .where(eq(source.columns.id, options.id));
  if (!enquiry) throw notFound("This enquiry does not exist.");
  return { kind: options.kind, ...enquiry };
}

export type Enquiry = Awaited<ReturnType<typeof getEnquiry>>;
