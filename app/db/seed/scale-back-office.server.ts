import { count, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { consultationRequests, contactMessages, orders } from "~/db/schema";

const FIRST_NAMES = ["Naledi", "Thabo", "Lerato", "Sipho", "Anika", "Pieter", "Zanele", "Kagiso"];
const LAST_NAMES = ["Mokoena", "Dlamini", "van Wyk", "Khumalo", "Botha", "Molefe", "Nkosi"];

/**
 * Fills the back office up to `orders` orders and `enquiries` enquiries (half consultation
 * requests, half contact messages) for benchmarks: generated in the database, spread over the
 * last two years, in every status. Returns how many of each it added.
 */
export async function seedBackOffice(options: { orders: number; enquiries: number }) {
  const [haveOrders] = await db().select({ n: count() }).from(orders);
  const addOrders = Math.max(0, options.orders - (haveOrders?.n ?? 0));
  if (addOrders > 0) {
    await db().execute(sql`
      insert into orders (token, idempotency_key, status, payment_status, stock_hold,
        first_name, last_name, email, phone, address, city, postal_code, delivery_method,
        payment_method, subtotal_cents, delivery_cents, vat_cents, total_cents, pay_by,
        created_at, updated_at)
      select md5('t' || g), md5('k' || g || clock_timestamp()),
        (array['awaiting_payment','to_deliver','delivered','delivered','cancelled'])[1 + g % 5]::order_status,
        (case when g % 5 in (2, 3) then 'paid' else 'unpaid' end)::payment_status,
        (case when g % 5 = 4 then 'released' when g % 5 in (2, 3) then 'sold' else 'reserved' end)::stock_hold,
        (string_to_array(${FIRST_NAMES.join(",")}, ','))[1 + g % ${FIRST_NAMES.length}::int],
        (string_to_array(${LAST_NAMES.join(",")}, ','))[1 + (g / 7) % ${LAST_NAMES.length}::int],
        'buyer' || g || '@example.com', '082 555 ' || lpad((g % 10000)::text, 4, '0'),
        g || ' Buiten Street', 'Lichtenburg', '2740', 'standard', 'card',
        200000 + (g % 97) * 1000, 0, round((200000 + (g % 97) * 1000) * 15 / 115.0),
        200000 + (g % 97) * 1000, now() + interval '1 hour',
        now() - (g * interval '10 minutes'), now()
      from generate_series(1, ${addOrders}::int) as g`);
  }

  const [haveConsultations] = await db().select({ n: count() }).from(consultationRequests);
  const [haveMessages] = await db().select({ n: count() }).from(contactMessages);
  const half = Math.ceil(options.enquiries / 2);
  const addConsultations = Math.max(0, half - (haveConsultations?.n ?? 0));
  const addMessages = Math.max(0, options.enquiries - half - (haveMessages?.n ?? 0));
  if (addConsultations > 0) {
    await db().execute(sql`
      insert into consultation_requests (name, email, phone, consultation_type, message, status,
        created_at)
      select (string_to_array(${FIRST_NAMES.join(",")}, ','))[1 + g % ${FIRST_NAMES.length}::int] || ' ' ||
          (string_to_array(${LAST_NAMES.join(",")}, ','))[1 + (g / 7) % ${LAST_NAMES.length}::int],
        'visitor' || g || '@example.com', '083 555 ' || lpad((g % 10000)::text, 4, '0'),
        (array['purchase','complex','partner','franchise'])[1 + g % 4]::consultation_type,
        'Looking for a queen bed, call after five',
        (array['new','contacted','closed'])[1 + g % 3]::enquiry_status,
        now() - (g * interval '30 minutes')
      from generate_series(1, ${addConsultations}::int) as g`);
  }
  if (addMessages > 0) {
    await db().execute(sql`
      insert into contact_messages (first_name, last_name, email, phone, subject, message, status,
        created_at)
      select (string_to_array(${FIRST_NAMES.join(",")}, ','))[1 + g % ${FIRST_NAMES.length}::int],
        (string_to_array(${LAST_NAMES.join(",")}, ','))[1 + (g / 7) % ${LAST_NAMES.length}::int],
        'writer' || g || '@example.com', '', 'Delivery to Mahikeng',
        'Do you deliver a king size base set to Mahikeng?',
        (array['new','contacted','closed'])[1 + g % 3]::enquiry_status,
        now() - (g * interval '30 minutes')
      from generate_series(1, ${addMessages}::int) as g`);
  }
  // What autovacuum would do soon after a bulk load: fresh statistics for the planner, and the
  // visibility map that lets list pages be read from their indexes alone.
  await db().execute(sql`vacuum analyze orders, consultation_requests, contact_messages`);
  return { orders: addOrders, enquiries: addConsultations + addMessages };
}
