import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { deliveryBookings, deliveryProofs, deliveryRunStops, orders } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { conflict, forbidden, notFound } from "~/domain/errors";
import { moveOrder } from "~/domain/orders/move-order.server";
import { recordOrderEvent } from "~/domain/orders/order-events.server";
import { isPaidInFull } from "~/domain/orders/payment-status";
import { mediaStore } from "~/lib/configured-media-store.server";
import { isDbId } from "~/lib/db-ids";
import { shopToday } from "~/lib/dates";
import type { MediaStore } from "~/lib/media-store.server";
import { releaseDelivery } from "./book-delivery.server";
import { formatLongDay } from "./day-names";
import { queueDeliveryNotice } from "./delivery-notice-queue.server";
import { sendDeliveryNotice } from "./delivery-notices.server";
import type { DeliveryProof } from "./delivery-proofs.server";
import {
  discardProofImages,
  photoAsWebp,
  readSignature,
  storeProofImage,
} from "./proof-images.server";
import {
  NOT_DELIVERED_REASON_LABELS,
  type DeliveredInput,
  type NotDeliveredInput,
} from "./proof-schemas";

/*
 * The driver's record of a stop (docs/decisions/045). Each runs in one transaction with the
 * order locked: the proof row, the order's status through the transition table, its timeline,
 * the audit line and the shopper's e-mail queued; the e-mail goes after the commit. The phone's
 * proof key makes a repeated send answer the first one's result, with no second row or e-mail.
 */

type Driver = Pick<SessionUser, "id" | "email" | "role" | "name">;
type Recorded = { proof: DeliveryProof; orderNumber: number; repeated: boolean };

function staffOnly(actor: Driver) {
  if (!isStaffRole(actor.role)) throw forbidden("Only staff record deliveries.");
}

async function proofByKey(executor: Tx | ReturnType<typeof db>, key: string) {
  const [proof] = await executor
    .select({ proof: deliveryProofs, orderNumber: orders.number })
    .from(deliveryProofs)
    .innerJoin(orders, eq(orders.id, deliveryProofs.orderId))
    .where(eq(deliveryProofs.proofKey, key));
  return proof;
}

/** The first send's result for a repeated one; refused when the key is another order's. */
function repeatOf(found: { proof: DeliveryProof; orderNumber: number }, orderNumber: number) {
  if (found.orderNumber !== orderNumber) {
    throw conflict("That proof was recorded for another order: reload the page.");
  }
  return { ...found, repeated: true };
}

/** Locks the order and finds the booking the driver is at, with its run. */
async function stopToRecord(tx: Tx, orderNumber: number, now: Date) {
  const [order] = isDbId(orderNumber)
    ? await tx.select().from(orders).where(eq(orders.number, orderNumber)).for("update")
    : [];
  if (!order) throw notFound(`Order #${orderNumber} does not exist.`);
  if (order.status === "cancelled") throw conflict(`Order #${order.number} is cancelled.`);
  if (order.status === "delivered") {
    throw conflict(`Order #${order.number} is delivered: its delivery is recorded already.`);
  }
  const [booking] = await tx
    .select({
      id: deliveryBookings.id,
      day: deliveryBookings.day,
      zoneId: deliveryBookings.zoneId,
      runId: deliveryRunStops.runId,
    })
    .from(deliveryBookings)
    .leftJoin(deliveryRunStops, eq(deliveryRunStops.bookingId, deliveryBookings.id))
    .where(eq(deliveryBookings.orderId, order.id));
  if (!booking) throw conflict(`Order #${order.number} has no delivery day booked.`);
  if (booking.day > shopToday(now)) {
    throw conflict(
      `Order #${order.number} is booked for ${formatLongDay(booking.day)}: record it on that day.`,
    );
  }
  return { order, booking };
}

/**
 * A stop delivered: the receiver's name and signature (drawn, or on the paper run sheet), and a
 * photo if one was taken. The order becomes delivered and the shopper is told who signed.
 */
export async function recordDelivered(
  options: Omit<DeliveredInput, "order"> & {
    orderNumber: number;
    photo?: Blob | null;
    actor: Driver;
    now?: Date;
    store?: MediaStore;
  },
): Promise<Recorded> {
  const { actor } = options;
  staffOnly(actor);
  const now = options.now ?? new Date();
  const earlier = await proofByKey(db(), options.proofKey);
  if (earlier) return repeatOf(earlier, options.orderNumber);
  // Pictures are checked and stored before the transaction: a file is not part of it. What is
  // stored for a visit that ends up with no row of its own is removed again (below); the sweep
  // takes what a crash in between leaves.
  const signature = options.signature ? await readSignature(options.signature) : null;
  const photo = options.photo && options.photo.size > 0 ? await photoAsWebp(options.photo) : null;
  const store = options.store ?? mediaStore();
  const stored: (string | null)[] = [];
  const discard = () => discardProofImages(store, stored, { orderNumber: options.orderNumber });
  let done: Awaited<ReturnType<typeof recordDeliveredRow>>;
  try {
    const signatureFile = signature ? await storeProofImage(store, signature, "png") : null;
    stored.push(signatureFile);
    const photoFile = photo ? await storeProofImage(store, photo, "webp") : null;
    stored.push(photoFile);
    done = await recordDeliveredRow(options, { signatureFile, photoFile }, now);
  } catch (error) {
    await discard();
    throw error;
  }
  // Another send of the same proof was recorded first: this one's pictures are no one's.
  if (done.repeated) await discard();
  if (done.noticeId !== null) await sendDeliveryNotice(done.noticeId, { now });
  return { proof: done.proof, orderNumber: done.orderNumber, repeated: done.repeated };
}

/** The delivered visit's transaction: the row naming the stored pictures, the order, the mail. */
function recordDeliveredRow(
  options: Parameters<typeof recordDelivered>[0],
  files: { signatureFile: string | null; photoFile: string | null },
  now: Date,
) {
  const { actor } = options;
  const { signatureFile, photoFile } = files;
  return db().transaction(async (tx) => {
    const { order, booking } = await stopToRecord(tx, options.orderNumber, now);
    const again = await proofByKey(tx, options.proofKey);
    if (again) return { ...repeatOf(again, order.number), noticeId: null };
    if (!isPaidInFull(order.paymentStatus)) {
      throw conflict(`Order #${order.number} is not paid in full: do not hand it over.`);
    }
    const [proof] = await tx
      .insert(deliveryProofs)
      .values({
        proofKey: options.proofKey,
        orderId: order.id,
        runId: booking.runId,
        day: booking.day,
        zoneId: booking.zoneId,
        outcome: "delivered",
        recipientName: options.recipientName,
        signatureFile,
        photoFile,
        signedOnPaper: options.signedOnPaper && !signatureFile,
        recordedBy: actor.id,
        recordedByName: actor.name,
        recordedAt: now,
      })
      .returning();
    const how = proof!.signedOnPaper ? "signed the paper run sheet" : "signed on the phone";
    await moveOrder(tx, {
      orderId: order.id,
      to: "delivered",
      actor,
      now,
      event: {
        type: "delivered",
        message: `Delivered: received by ${options.recipientName}, who ${how}${photoFile ? "; photo taken" : ""}.`,
        actor: actor.email,
      },
    });
    await recordAudit(
      {
        action: "delivery_delivered",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `order:${order.number}`,
        details: { day: booking.day, run: booking.runId, receivedBy: options.recipientName },
      },
      tx,
    );
    const noticeId = await queueDeliveryNotice(tx, {
      orderId: order.id,
      kind: "delivered",
      day: booking.day,
    });
    return { proof: proof!, orderNumber: order.number, repeated: false, noticeId };
  });
}

/**
 * A stop not delivered, and why: the booking is released (the day's drop given back, the stop
 * off its run), so the order is back in Deliveries > To book, and the shopper is asked to
 * choose a new day on the order's page.
 */
export async function recordNotDelivered(
  options: Omit<NotDeliveredInput, "order"> & { orderNumber: number; actor: Driver; now?: Date },
): Promise<Recorded> {
  const { actor } = options;
  staffOnly(actor);
  const now = options.now ?? new Date();
  const earlier = await proofByKey(db(), options.proofKey);
  if (earlier) return repeatOf(earlier, options.orderNumber);
  const done = await db().transaction(async (tx) => {
    const { order, booking } = await stopToRecord(tx, options.orderNumber, now);
    const again = await proofByKey(tx, options.proofKey);
    if (again) return { ...repeatOf(again, order.number), noticeId: null };
    const [proof] = await tx
      .insert(deliveryProofs)
      .values({
        proofKey: options.proofKey,
        orderId: order.id,
        runId: booking.runId,
        day: booking.day,
        zoneId: booking.zoneId,
        outcome: "not_delivered",
        reason: options.reason,
        note: options.note || null,
        customerMessage: options.customerMessage || null,
        recordedBy: actor.id,
        recordedByName: actor.name,
        recordedAt: now,
      })
      .returning();
    await releaseDelivery(tx, { orderId: order.id });
    // Back to be booked again (an order whose run had not been started stays as it was).
    if (order.status === "out_for_delivery") {
      await moveOrder(tx, {
        orderId: order.id,
        to: "to_deliver",
        actor,
        now,
        because: "not delivered",
      });
    }
    const why = NOT_DELIVERED_REASON_LABELS[options.reason];
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: "not_delivered",
      message: `Not delivered on ${formatLongDay(booking.day)}: ${why}${options.note ? ` (${options.note})` : ""}. The day is given back: book a new one.`,
      actor: actor.email,
    });
    await recordAudit(
      {
        action: "delivery_not_delivered",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `order:${order.number}`,
        details: { day: booking.day, run: booking.runId, reason: options.reason },
      },
      tx,
    );
    const noticeId = await queueDeliveryNotice(tx, {
      orderId: order.id,
      kind: "not_delivered",
      day: booking.day,
    });
    return { proof: proof!, orderNumber: order.number, repeated: false, noticeId };
  });
  if (done.noticeId !== null) await sendDeliveryNotice(done.noticeId, { now });
  return { proof: done.proof, orderNumber: done.orderNumber, repeated: done.repeated };
}
