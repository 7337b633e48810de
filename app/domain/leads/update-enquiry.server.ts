import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { invalid, notFound } from "~/domain/errors";
import {
  ENQUIRY_KINDS,
  ENQUIRY_STATUSES,
  type EnquiryKind,
  type EnquiryStatus,
} from "./enquiry-lists";
import { enquiryTable } from "./enquiry-tables.server";
import { STAFF_NOTE_MAX } from "./schemas";

/**
 * Sets where staff stand with an enquiry and their note, and records who did it and when; a
 * change of status goes in the audit log. Saving what is already there changes nothing.
 */
export async function updateEnquiry(options: {
  kind: EnquiryKind;
  id: number;
  status: string;
  note: string;
  actor: Pick<SessionUser, "id" | "email">;
}) {
  const { kind, id, actor } = options;
  if (!ENQUIRY_KINDS.includes(kind)) throw notFound("This enquiry does not exist.");
  if (!ENQUIRY_STATUSES.includes(options.status as EnquiryStatus)) {
    throw invalid("Choose a status.", "status");
  }
  const status = options.status as EnquiryStatus;
  const note = options.note.trim();
  if (note.length > STAFF_NOTE_MAX) throw invalid("This is too long.", "note");

  const { table, columns } = enquiryTable(kind);
  return db().transaction(async (tx) => {
    const [current] = await tx
      .select({ status: columns.status, note: columns.staffNote })
      .from(table)
      .where(eq(columns.id, id))
      .for("update");
    if (!current) throw notFound("This enquiry does not exist.");
    if (current.status === status && current.note === note) return { changed: false };
    await tx
      .update(table)
      .set({ status, staffNote: note, handledBy: actor.id, handledAt: new Date() })
      .where(eq(columns.id, id));
    if (current.status !== status) {
      await recordAudit(
        {
          action: "enquiry_status_changed",
          actorId: actor.id,
          actorEmail: actor.email,
          subject: `${kind}:${id}`,
          details: { from: current.status, to: status },
        },
        tx,
      );
    }
    return { changed: true };
  });
}
