import { and, asc, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { customerNotes, customerTags } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError } from "~/domain/errors";
import type { CustomerNoteInput, CustomerTagInput } from "./customer-schemas";

type Actor = Pick<SessionUser, "id" | "email">;
/** The customer as the notes know them: their e-mail (the key) and their page's reference. */
type Customer = { email: string; ref: string };

/*
 * Staff's notes and tags on a customer, kept by e-mail, so a guest's notes stay with them when
 * their orders join an account. The audit line names the customer by reference, not address,
 * and holds no note's text (a note may say anything about a person).
 */

/** The customer's notes (newest first) and tags (A to Z), each with who added it and when. */
export async function customerNotesAndTags(email: string) {
  const [notes, tags] = await Promise.all([
    db()
      .select({
        id: customerNotes.id,
        body: customerNotes.body,
        authorEmail: customerNotes.authorEmail,
        createdAt: customerNotes.createdAt,
      })
      .from(customerNotes)
      .where(eq(customerNotes.email, email))
      .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id)),
    db()
      .select({
        id: customerTags.id,
        tag: customerTags.tag,
        authorEmail: customerTags.authorEmail,
        createdAt: customerTags.createdAt,
      })
      .from(customerTags)
      .where(eq(customerTags.email, email))
      .orderBy(asc(sql`lower(${customerTags.tag})`)),
  ]);
  return { notes, tags };
}

export async function addCustomerNote(options: {
  customer: Customer;
  input: CustomerNoteInput;
  actor: Actor;
}) {
  const { customer, input, actor } = options;
  return db().transaction(async (tx) => {
    const [note] = await tx
      .insert(customerNotes)
      .values({
        email: customer.email,
        body: input.body,
        authorId: actor.id,
        authorEmail: actor.email,
      })
      .returning();
    await recordAudit(
      {
        action: "customer_note_added",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `customer:${customer.ref}`,
        details: { noteId: note!.id, length: input.body.length },
      },
      tx,
    );
    return note!;
  });
}

export async function removeCustomerNote(options: {
  customer: Customer;
  noteId: number;
  actor: Actor;
}) {
  const { customer, noteId, actor } = options;
  return db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(customerNotes)
      .where(and(eq(customerNotes.id, noteId), eq(customerNotes.email, customer.email)))
      .returning();
    if (!removed) throw new DomainError("not_found", "That note is no longer there.");
    await recordAudit(
      {
        action: "customer_note_removed",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `customer:${customer.ref}`,
        details: { noteId, writtenBy: removed.authorEmail, writtenAt: removed.createdAt },
      },
      tx,
    );
    return removed;
  });
}

/** Adds a tag; one the customer already has (in any case) is refused by the tag field. */
export async function addCustomerTag(options: {
  customer: Customer;
  input: CustomerTagInput;
  actor: Actor;
}) {
  const { customer, input, actor } = options;
  return db().transaction(async (tx) => {
    const [added] = await tx
      .insert(customerTags)
      .values({
        email: customer.email,
        tag: input.tag,
        authorId: actor.id,
        authorEmail: actor.email,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) {
      throw new DomainError("conflict", `This customer is already tagged "${input.tag}".`, {
        field: "tag",
        title: "Already Tagged",
      });
    }
    await recordAudit(
      {
        action: "customer_tag_added",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `customer:${customer.ref}`,
        details: { tag: added.tag },
      },
      tx,
    );
    return added;
  });
}

export async function removeCustomerTag(options: {
  customer: Customer;
  tagId: number;
  actor: Actor;
}) {
  const { customer, tagId, actor } = options;
  return db().transaction(async (tx) => {
    const [removed] = await tx
      .delete(customerTags)
      .where(and(eq(customerTags.id, tagId), eq(customerTags.email, customer.email)))
      .returning();
    if (!removed) throw new DomainError("not_found", "That tag is no longer there.");
    await recordAudit(
      {
        action: "customer_tag_removed",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `customer:${customer.ref}`,
        details: { tag: removed.tag },
      },
      tx,
    );
    return removed;
  });
}
