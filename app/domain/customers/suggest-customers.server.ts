import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows";
import { CUSTOMER_LIST, type CustomerSuggestion } from "./customer-list";
import { listCustomers } from "./list-customers.server";

/** How many customers one search offers. */
export const CUSTOMER_SUGGESTIONS = 10;

/**
 * Customers whose name, e-mail or phone holds `q` (as the Customers list finds them), newest
 * buyers first, with the buyer details of their latest order: a business's name and VAT number
 * when it gave them, and the address it was delivered to. An empty `q` suggests nobody.
 */
export async function suggestCustomers(options: { q: string }): Promise<CustomerSuggestion[]> {
  const q = options.q.trim();
  if (q.length < 2) return [];
  const { rows } = await listCustomers({
    params: {
      q,
      status: "all",
      sort: CUSTOMER_LIST.defaultSort,
      direction: CUSTOMER_LIST.defaultDirection,
      page: 1,
      pageSize: CUSTOMER_SUGGESTIONS,
    },
  });
  if (rows.length === 0) return [];
  const accounts = rows.filter((r) => r.kind === "account").map((r) => r.ref.slice(2));
  const guests = rows.filter((r) => r.kind === "guest").map((r) => r.email);
  const latest = rowsOf<Record<string, string>>(
    await db().execute(sql`
      select distinct on (k) k, company_name, vat_number, address, city, postal_code
      from (select coalesce(o.customer_user_id, lower(o.email)) as k, o.* from orders o
            where o.customer_user_id in (select unnest(${sql.param(accounts)}::text[]))
               or (o.customer_user_id is null
                   and lower(o.email) in (select unnest(${sql.param(guests)}::text[])))) o
      order by k, o.created_at desc, o.id desc`),
  );
  const byKey = new Map(latest.map((o) => [o.k, o]));
  return rows.map((r) => {
    const order = byKey.get(r.kind === "account" ? r.ref.slice(2) : r.email);
    return {
      ref: r.ref,
      name: order?.company_name || r.name,
      email: r.email,
      phone: r.phone,
      address: order ? `${order.address}\n${order.city} ${order.postal_code}` : "",
      vatNumber: order?.vat_number ?? "",
    };
  });
}
