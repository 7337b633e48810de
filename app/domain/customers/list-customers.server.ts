import { sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsPattern, everyRow, listPage } from "~/db/list-page.server";
import { rowsOf } from "~/db/rows";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { SALES } from "~/domain/ledger/ledger-totals.server";
import { currentDateSettings, localDateTime } from "~/lib/dates";
import type { ListParamsOf } from "~/lib/list-params";
import { randAmount } from "~/lib/money";
import type { CUSTOMER_LIST, CustomerKind, CustomerRow } from "./customer-list";

export type CustomerListParams = ListParamsOf<typeof CUSTOMER_LIST>;

/** One customer, for their page: an account by its id, or a guest by their e-mail. */
export type CustomerWho = { userId: string } | { guestEmail: string };

/*
 * Every customer in one statement (docs/decisions/037): each order belongs to its account when
 * it has one (set when the account's e-mail is confirmed), else to the guest's lower-cased
 * e-mail; accounts with no orders are customers too. Net spent reads the sales ledger, as every
 * revenue figure does: an order's rows by the order, a hand-made invoice's by its buyer's
 * e-mail (to the account with that e-mail, else to the guest).
 */
/** An order's customer, as one text to join and group on: its account, else its e-mail. */
const ORDER_KEY = sql.raw(
  `case when o.customer_user_id is not null then 'a:' || o.customer_user_id else 'g:' || lower(o.email) end`,
);

const CUSTOMERS = sql`
  per_order as (
    select ${ORDER_KEY} as k,
           min(o.customer_user_id) as user_id,
           count(*)::int as orders,
           max(o.created_at) as last_order_at,
           max(o.number) as last_number,
           -- The newest order's e-mail, name and phone: the greatest [time and id, ...], which a
           -- hash aggregate keeps without sorting the orders (an ordered array_agg would).
           max(array[to_char(o.created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || lpad(o.id::text, 11, '0'),
                     lower(o.email), o.first_name || ' ' || o.last_name, o.phone]) as latest,
           (count(l.id) filter (where l.status in ('awaiting_deposit', 'active')))::int as open_laybys
    from orders o left join layby_plans l on l.order_id = o.id
    group by 1
  ),
  order_spent as (
    select ${ORDER_KEY} as k, sum(e.amount_cents)::bigint as net
    from sales_ledger e join orders o on o.id = e.order_id
    where e.kind in ${SALES}
    group by 1
  ),
  hand_made_spent as (
    select lower(i.buyer_email) as email, sum(e.amount_cents)::bigint as net
    from sales_ledger e join invoices i on i.id = e.invoice_id
    where e.kind in ${SALES} and e.order_id is null and i.order_id is null and i.buyer_email <> ''
    group by 1
  ),
  account_emails as (select lower(email) as email from users),
  joined as (
    -- Every group of orders, with its account when it has one ...
    select p.k, p.user_id,
           coalesce(lower(u.email), p.latest[2]) as email,
           coalesce(nullif(trim(p.latest[3]), ''), u.name, '') as name,
           coalesce(p.latest[4], '') as phone,
           p.orders, p.last_order_at, p.last_number, p.open_laybys,
           coalesce(u.email_verified, false) as verified
    from per_order p left join users u on u.id = p.user_id
    union all
    -- ... and the shoppers' accounts that have not ordered.
    select 'a:' || u.id, u.id, lower(u.email), u.name, '', 0, null, null, 0, u.email_verified
    from users u
    where u.role = 'customer' and not exists (select 1 from orders x where x.customer_user_id = u.id)
  ),
  customers as (
    select j.*,
           case when j.user_id is not null then 'a-' || j.user_id else 'g-' || j.last_number end as ref,
           case when j.user_id is not null then 'account' else 'guest' end as kind,
           case when j.user_id is null then j.email end as guest_email,
           coalesce(s.net, 0) + case when j.user_id is not null or ae.email is null
                                     then coalesce(h.net, 0) else 0 end as spent,
           coalesce(n.status = 'confirmed', false) as marketing
    from joined j
    left join order_spent s on s.k = j.k
    left join hand_made_spent h on h.email = j.email
    left join account_emails ae on ae.email = j.email and j.user_id is null
    left join newsletter_subscribers n on n.email = j.email
  )`;

const SORTS: Record<CustomerListParams["sort"], SQL> = {
  name: sql`lower(c.name)`,
  email: sql`c.email`,
  orders: sql`c.orders`,
  spent: sql`c.spent`,
  lastOrder: sql`c.last_order_at`,
  laybys: sql`c.open_laybys`,
  kind: sql`c.kind`,
  consent: sql`c.marketing`,
};

function matching(params: Pick<CustomerListParams, "q" | "filters">, who?: CustomerWho) {
  const where: SQL[] = [];
  const kind = params.filters?.kind;
  if (kind === "account" || kind === "guest") where.push(sql`c.kind = ${kind}`);
  const consent = params.filters?.consent;
  if (consent === "yes" || consent === "no") where.push(sql`c.marketing = ${consent === "yes"}`);
  const tag = params.filters?.tag;
  if (tag) {
    where.push(
      sql`exists (select 1 from customer_tags t where t.email = c.email and lower(t.tag) = ${tag.toLowerCase()})`,
    );
  }
  if (params.q) {
    const p = containsPattern(params.q);
    where.push(sql`(c.email ilike ${p} or c.name ilike ${p} or c.phone ilike ${p})`);
  }
  if (who && "userId" in who) where.push(sql`c.user_id = ${who.userId}`);
  if (who && "guestEmail" in who) {
    where.push(sql`c.user_id is null and c.guest_email = ${who.guestEmail}`);
  }
  return where.length ? sql.join(where, sql` and `) : sql`true`;
}

type Raw = Record<string, unknown>;
const toRow = (r: Raw): CustomerRow => ({
  ref: String(r.ref),
  kind: r.kind as CustomerKind,
  email: String(r.email),
  name: String(r.name),
  phone: String(r.phone),
  orders: Number(r.orders),
  spentCents: Number(r.spent),
  lastOrderAt: r.last_order_at ? new Date(r.last_order_at as string) : null,
  openLaybys: Number(r.open_laybys),
  marketing: r.marketing === true || r.marketing === "t",
  unconfirmed: r.kind === "account" && !(r.verified === true || r.verified === "t"),
  tags: (r.tags as string | null)?.split("\u001f").filter(Boolean) ?? [],
});

type Window = { limit: number; offset: number };

/**
 * One statement for the whole page: the window's rows, how many match, and the cards' figures
 * over every customer, so the aggregate over orders and the ledger is worked out once.
 */
async function customerStatement(params: CustomerListParams, window: Window, who?: CustomerWho) {
  const dir = sql.raw(params.direction === "asc" ? "asc" : "desc");
  const order = sql`${SORTS[params.sort]} ${dir} nulls last, c.email ${dir}, c.ref ${dir}`;
  const hit = matching(params, who);
  const raw = rowsOf<Raw>(
    await db().execute(sql`with ${CUSTOMERS},
      counted as (select c.*, ${hit} as hit from customers c),
      figures as (
        select (count(*) filter (where hit))::int as matching_n,
               count(*)::int as total_n,
               (count(*) filter (where kind = 'account'))::int as accounts_n,
               (count(*) filter (where orders > 1))::int as repeat_n,
               (count(*) filter (where marketing))::int as marketing_n
        from counted
      ),
      page as (select * from counted c where c.hit order by ${order} limit ${window.limit} offset ${window.offset})
      -- One row with the figures even when the page is empty.
      select f.matching_n as fig_matching, f.total_n as fig_total, f.accounts_n as fig_accounts,
             f.repeat_n as fig_repeat, f.marketing_n as fig_marketing, c.*,
             (select string_agg(t.tag, chr(31) order by lower(t.tag))
              from customer_tags t where t.email = c.email) as tags
      from figures f left join page c on true
      order by ${order}`),
  );
  const first = raw[0] ?? {};
  return {
    rows: raw.filter((r) => r.ref != null).map(toRow),
    total: Number(first.fig_matching ?? 0),
    summary: {
      total: Number(first.fig_total ?? 0),
      accounts: Number(first.fig_accounts ?? 0),
      repeat: Number(first.fig_repeat ?? 0),
      marketing: Number(first.fig_marketing ?? 0),
    },
  };
}

const customerRows = (params: CustomerListParams, who?: CustomerWho) => async (window: Window) =>
  (await customerStatement(params, window, who)).rows;

/** The customers page: its cards over every customer, and one page of the list. */
export async function listCustomers(options: { params: CustomerListParams }) {
  const { params } = options;
  const asked = { limit: params.pageSize, offset: (params.page - 1) * params.pageSize };
  const first = await customerStatement(params, asked);
  const page = await listPage({
    page: params.page,
    pageSize: params.pageSize,
    count: async () => first.total,
    // The asked-for window is already read; a page past the end asks again for the last.
    rows: async (w) => (w.offset === asked.offset ? first.rows : customerRows(params)(w)),
  });
  return { summary: first.summary, ...page };
}

/** Every tag in use, A to Z, for the list's tag filter. */
export async function customerTagNames(): Promise<string[]> {
  const rows = rowsOf<Raw>(
    await db().execute(
      sql`select min(tag) as tag from customer_tags group by lower(tag) order by lower(tag) limit 200`,
    ),
  );
  return rows.map((r) => String(r.tag));
}

/** One customer's row of the list (their figures as the list shows them), or null. */
export async function customerFigures(who: CustomerWho): Promise<CustomerRow | null> {
  const params = {
    q: "",
    status: "all",
    sort: "lastOrder",
    direction: "desc",
    page: 1,
    pageSize: 1,
  } as const satisfies CustomerListParams;
  const [row] = await customerRows(params, who)({ limit: 1, offset: 0 });
  return row ?? null;
}

export const CUSTOMER_EXPORT_HEADER = [
  "Name",
  "Email",
  "Phone",
  "Customer",
  "Orders",
  "Net Spent",
  "Last Order",
  "Open Lay-bys",
  "Marketing Consent",
  "Tags",
] as const;

/**
 * The audit line of a customer export (everyone's name, e-mail and phone leave the shop in it):
 * who took it, from where, and the search and filters it was taken with.
 */
export async function recordCustomerExport(options: {
  actor: Pick<SessionUser, "id" | "email">;
  params: CustomerListParams;
  clientAddress?: string | null;
}): Promise<void> {
  const { q, status, filters } = options.params;
  await recordAudit({
    action: "customers_exported",
    actorId: options.actor.id,
    actorEmail: options.actor.email,
    subject: "customers",
    ipAddress: options.clientAddress ?? null,
    details: { q, status, filters },
  });
}

/** Every customer the list's search and filters show, in its order, as CSV cells. */
export async function* exportCustomers(options: { params: CustomerListParams }) {
  const { timeZone } = currentDateSettings();
  // Large batches: each one works the whole aggregate out again.
  for await (const c of everyRow(customerRows(options.params), 20_000)) {
    yield [
      c.name,
      c.email,
      c.phone,
      c.kind,
      c.orders,
      randAmount(c.spentCents),
      // The shop's clock, with its offset, as the orders export writes it.
      c.lastOrderAt ? localDateTime(c.lastOrderAt, timeZone) : "",
      c.openLaybys,
      c.marketing ? "yes" : "no",
      c.tags.join("; "),
    ] as const;
  }
}
