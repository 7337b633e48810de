import { eq, inArray, or, sql } from "drizzle-orm";
import type { Tx } from "~/db/client.server";
import { orderEvents } from "~/db/schema";

/** What an erased person's name or address reads as on an order's timeline. */
export const ERASED_ACTOR = "erased";

/** "Order placed by <name>." or "Order placed by <name>, on lay-by over 3 months." */
const PLACED_BY = /^(Order placed by )(.+?)((?:, on lay-by over [^.]*)?\.)$/;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Takes the person out of order timelines (POPIA s24), in the erasure's transaction: on their own
 * orders, the name, e-mail and phone as the order held them, the name the order was placed
 * under (it may have been corrected since) and who received their goods; on every order, a line they wrote as a member of
 * staff or that names their address. What happened, when, and the amounts stay.
 */
export async function scrubTimeline(
  tx: Tx,
  options: {
    email: string;
    orders: {
      id: number;
      firstName: string;
      lastName: string;
      phone: string;
      /** Who received the person's goods, as the driver's proofs name them. */
      receivers?: string[];
    }[];
    erasedName: string;
  },
) {
  const { email, erasedName } = options;
  const orderIds = options.orders.map((o) => o.id);
  const events = await tx
    .select()
    .from(orderEvents)
    .where(
      or(
        orderIds.length ? inArray(orderEvents.orderId, orderIds) : undefined,
        sql`lower(${orderEvents.actor}) = ${email}`,
        sql`strpos(lower(${orderEvents.message}), ${email}) > 0`,
      ),
    );
  const byEmail = new RegExp(escape(email), "gi");
  let scrubbed = 0;
  for (const event of events) {
    let message = event.message.replace(byEmail, ERASED_ACTOR);
    const order = options.orders.find((o) => o.id === event.orderId);
    if (order) {
      if (event.type === "placed") message = message.replace(PLACED_BY, `$1${erasedName}$3`);
      const name = `${order.firstName} ${order.lastName}`.trim();
      for (const text of [name, order.phone, ...(order.receivers ?? [])].map((t) => t.trim())) {
        // A name of one or two letters would blank words that are not the person's.
        if (text.length > 2) message = message.split(text).join(erasedName);
      }
    }
    const actor = event.actor.toLowerCase() === email ? ERASED_ACTOR : event.actor;
    if (message !== event.message || actor !== event.actor) {
      await tx.update(orderEvents).set({ message, actor }).where(eq(orderEvents.id, event.id));
      scrubbed += 1;
    }
  }
  return scrubbed;
}
