import { buffer } from "node:stream/consumers";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { db, Tx } from "~/db/client.server";
import { auditLog, deliveryProofs } from "~/db/schema";
import { log } from "~/lib/log.server";
import type { MediaStore } from "~/lib/media-store.server";

type Query = Tx | ReturnType<typeof db>;

/**
 * The driver's proofs of the person's deliveries (docs/decisions/045): who received the goods,
 * their signature and the doorstep photo, or why a visit did not deliver them. Found by the
 * person's orders, for the export (s23) and the erasure (s24).
 */
export async function findDeliveryProofs(q: Query, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return q
    .select({
      id: deliveryProofs.id,
      orderId: deliveryProofs.orderId,
      day: deliveryProofs.day,
      outcome: deliveryProofs.outcome,
      recipientName: deliveryProofs.recipientName,
      signedOnPaper: deliveryProofs.signedOnPaper,
      signatureFile: deliveryProofs.signatureFile,
      photoFile: deliveryProofs.photoFile,
      reason: deliveryProofs.reason,
      note: deliveryProofs.note,
      customerMessage: deliveryProofs.customerMessage,
      recordedAt: deliveryProofs.recordedAt,
      erasedAt: deliveryProofs.erasedAt,
    })
    .from(deliveryProofs)
    .where(inArray(deliveryProofs.orderId, orderIds))
    .orderBy(asc(deliveryProofs.recordedAt), asc(deliveryProofs.id));
}

type FoundProof = Awaited<ReturnType<typeof findDeliveryProofs>>[number];

/**
 * A proof as the person's download carries it: the signature and photo as data URLs (the files
 * are private and their names mean nothing outside the shop), null when there is none.
 */
export async function proofForExport(
  store: MediaStore,
  { id: _, erasedAt: __, signatureFile, photoFile, ...proof }: Omit<FoundProof, "orderId">,
) {
  return {
    ...proof,
    signature: await fileAsDataUrl(store, signatureFile),
    photo: await fileAsDataUrl(store, photoFile),
  };
}

async function fileAsDataUrl(store: MediaStore, name: string | null) {
  if (!name) return null;
  const found = await store.get(name);
  if (!found) {
    log.warn(
      { kind: name.split(".").pop() },
      "A delivery proof's picture is missing from the store",
    );
    return null;
  }
  return `data:${found.contentType};base64,${(await buffer(found.body)).toString("base64")}`;
}

/**
 * Who received the goods of any of these proofs: names the person's records carry, taken out of
 * every one of their orders' timelines (a driver's note may name the receiver of another visit).
 */
export function receiversOf(proofs: FoundProof[]): string[] {
  return [
    ...new Set(
      proofs
        .filter((p) => p.erasedAt === null && p.recipientName !== null)
        .map((p) => p.recipientName!),
    ),
  ];
}

/**
 * Takes who received the goods out of these proofs, in the erasure's transaction: the name
 * reads `erasedName`, the signature and photo are no longer named (the caller removes their
 * files after the commit), and the driver's note and message to the shopper lose the names
 * given. Each delivery's audit line loses the receiver's name. What happened, on which day and
 * who recorded it stay. Answers the files to remove.
 */
export async function eraseDeliveryProofs(
  tx: Tx,
  options: {
    proofs: FoundProof[];
    orderNumbers: number[];
    /** The person's name, phone and e-mail as their orders held them. */
    names: string[];
    erasedName: string;
  },
) {
  const { erasedName } = options;
  const live = options.proofs.filter((p) => p.erasedAt === null);
  if (live.length === 0) return [];
  const words = [...options.names, ...live.map((p) => p.recipientName ?? "")]
    .map((n) => n.trim())
    // A name of one or two letters would blank words that are not the person's.
    .filter((n) => n.length > 2);
  const scrub = (text: string | null) =>
    text === null ? null : words.reduce((t, word) => t.split(word).join(erasedName), text);
  const now = new Date();
  for (const proof of live) {
    await tx
      .update(deliveryProofs)
      .set({
        recipientName: proof.recipientName === null ? null : erasedName,
        signatureFile: null,
        photoFile: null,
        note: scrub(proof.note),
        customerMessage: scrub(proof.customerMessage),
        erasedAt: now,
      })
      .where(eq(deliveryProofs.id, proof.id));
  }
  if (options.orderNumbers.length) {
    await tx
      .update(auditLog)
      .set({
        details: sql`jsonb_set(${auditLog.details}, '{receivedBy}', ${JSON.stringify(erasedName)}::jsonb)`,
      })
      .where(
        and(
          eq(auditLog.action, "delivery_delivered"),
          inArray(
            auditLog.subject,
            options.orderNumbers.map((n) => `order:${n}`),
          ),
          sql`${auditLog.details} ? 'receivedBy'`,
        ),
      );
  }
  return live.flatMap((p) => [p.signatureFile, p.photoFile]).filter((f): f is string => !!f);
}
