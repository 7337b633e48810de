import { and, desc, eq } from "drizzle-orm";
import { db, type Db, type Tx } from "~/db/client.server";
import { deliveryProofs, orders } from "~/db/schema";
import { notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import { mediaStore } from "~/lib/configured-media-store.server";
import { PROOF_FOLDER } from "./proof-images.server";

export type DeliveryProof = typeof deliveryProofs.$inferSelect;

/** The order's latest proof for a day (or any day), or null. */
export async function latestProof(
  orderId: number,
  day?: string,
  executor: Db | Tx = db(),
): Promise<DeliveryProof | null> {
  const [proof] = await executor
    .select()
    .from(deliveryProofs)
    .where(and(eq(deliveryProofs.orderId, orderId), day ? eq(deliveryProofs.day, day) : undefined))
    .orderBy(desc(deliveryProofs.recordedAt), desc(deliveryProofs.id))
    .limit(1);
  return proof ?? null;
}

/** What the order's page shows of its deliveries: each visit's outcome, newest first. */
export async function orderProofs(orderId: number) {
  const rows = await db()
    .select()
    .from(deliveryProofs)
    .where(eq(deliveryProofs.orderId, orderId))
    .orderBy(desc(deliveryProofs.recordedAt), desc(deliveryProofs.id));
  return rows.map((p) => ({
    id: p.id,
    outcome: p.outcome,
    day: p.day,
    recipientName: p.recipientName,
    signedOnPaper: p.signedOnPaper,
    hasSignature: p.signatureFile !== null,
    hasPhoto: p.photoFile !== null,
    reason: p.reason,
    note: p.note,
    customerMessage: p.customerMessage,
    recordedByName: p.recordedByName,
    recordedAt: p.recordedAt.toISOString(),
    /** Who received it was erased at the person's request (POPIA s24). */
    erased: p.erasedAt !== null,
  }));
}

export type OrderProof = Awaited<ReturnType<typeof orderProofs>>[number];

/**
 * A proof picture of an order for staff: the latest delivered proof's signature or photo (or
 * one proof's, by id), read from the media store. Not found when there is none.
 */
export async function readProofImage(options: {
  orderNumber: number;
  kind: string;
  proofId?: number;
}) {
  if (options.kind !== "signature" && options.kind !== "photo") {
    throw notFound("There is no such picture.");
  }
  const [row] = isDbId(options.orderNumber)
    ? await db()
        .select({
          signatureFile: deliveryProofs.signatureFile,
          photoFile: deliveryProofs.photoFile,
        })
        .from(deliveryProofs)
        .innerJoin(orders, eq(orders.id, deliveryProofs.orderId))
        .where(
          and(
            eq(orders.number, options.orderNumber),
            options.proofId && isDbId(options.proofId)
              ? eq(deliveryProofs.id, options.proofId)
              : eq(deliveryProofs.outcome, "delivered"),
          ),
        )
        .orderBy(desc(deliveryProofs.recordedAt), desc(deliveryProofs.id))
        .limit(1)
    : [];
  const name = options.kind === "signature" ? row?.signatureFile : row?.photoFile;
  if (!name || !name.startsWith(`${PROOF_FOLDER}/`)) throw notFound("There is no such picture.");
  const found = await mediaStore().get(name);
  if (!found) throw notFound("That picture is missing from the store.");
  return found;
}
