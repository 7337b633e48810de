import { loadActiveZones } from "./active-zones.server";
import { and, eq, inArray, notExists, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import { deliveryBookings, deliveryQuotes, laybyPlans, orders, orderSearchText } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import {
  bookingKind,
  choiceKey,
  choicesFor,
  itemsToDeliver,
  zoneOfAddress,
  type ZoneRow,
} from "./delivery-choices.server";
import type { DeliveryKind } from "./delivery-days";
import type { TO_BOOK_LIST, ToBookRow } from "./to-book-list";

export type ToBookParams = ListParamsOf<typeof TO_BOOK_LIST>;

const o = orders;
const SORT_COLUMNS = {
  paid: [sql`coalesce(${o.paidAt}, ${o.createdAt})`],
  number: [o.number],
  total: [o.totalCents],
} as const;

/**
 * Orders waiting for a delivery day: paid (a lay-by once paid in full), not yet delivered or
 * cancelled, with no booking. An order quoted for a courier is not among them: the courier
 * delivers it, and staff complete it on its page (docs/decisions/041).
 */
export function ordersToBookWhere(params: Partial<Pick<ToBookParams, "q">>): SQL | undefined {
  return and(
    inArray(o.paymentStatus, ["paid", "partially_refunded"]),
    eq(o.status, "to_deliver"),
    notExists(
      db()
        .select({ one: sql`1` })
        .from(deliveryBookings)
        .where(sql`${deliveryBookings.orderId} = ${o.id}`),
    ),
    notExists(
      db()
        .select({ one: sql`1` })
        .from(laybyPlans)
        .where(sql`${laybyPlans.orderId} = ${o.id} and ${laybyPlans.status} <> 'completed'`),
    ),
    notExists(
      db()
        .select({ one: sql`1` })
        .from(deliveryQuotes)
        .where(sql`${deliveryQuotes.orderId} = ${o.id} and ${deliveryQuotes.carrier} = 'courier'`),
    ),
    params.q ? sql`${orderSearchText(o)} ilike ${containsPattern(params.q)}` : undefined,
  );
}

function toBookRows(params: ToBookParams) {
  return sortedWindows(
    () =>
      db()
        .select({
          orderNumber: o.number,
          firstName: o.firstName,
          lastName: o.lastName,
          town: o.city,
          suburb: o.suburb,
          province: o.province,
          postalCode: o.postalCode,
          deliveryMethod: o.deliveryMethod,
          status: o.status,
          paymentStatus: o.paymentStatus,
          totalCents: o.totalCents,
          paidAt: o.paidAt,
          items: itemsToDeliver,
          quotedCarrier: deliveryQuotes.carrier,
        })
        .from(o)
        .leftJoin(deliveryQuotes, eq(deliveryQuotes.orderId, o.id))
        .where(ordersToBookWhere(params))
        .$dynamic(),
    listOrder(SORT_COLUMNS[params.sort], o.id, params.direction),
  );
}

/**
 * The Deliveries "To book" list: one page of the orders to book, each with the zone its address
 * matches today, and the next free days of each zone on the page for the Book dialog. An order
 * quoted for our own truck that no zone covers offers every active zone's standard days, for
 * staff to choose the round that takes it.
 */
export async function listOrdersToBook(options: { params: ToBookParams; now?: Date }) {
  const { params } = options;
  const [zones, page] = await Promise.all([
    loadActiveZones(),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: () => countMatching(o, ordersToBookWhere(params)),
      rows: toBookRows(params),
    }),
  ]);
  const wanted: { zone: ZoneRow; kind: DeliveryKind }[] = [];
  const rows: ToBookRow[] = page.rows.map((r) => {
    const zone = zoneOfAddress(zones, {
      postalCode: r.postalCode,
      town: r.town,
      province: r.province,
    });
    const kind = zone ? bookingKind(r.deliveryMethod, zone) : null;
    if (zone && kind) wanted.push({ zone, kind });
    const byQuote = !zone && r.quotedCarrier === "own_truck";
    if (byQuote) for (const z of zones) wanted.push({ zone: z, kind: "standard" });
    return {
      orderNumber: r.orderNumber,
      customer: `${r.firstName} ${r.lastName}`.trim(),
      town: r.town,
      suburb: r.suburb,
      postalCode: r.postalCode,
      items: r.items,
      deliveryMethod: r.deliveryMethod,
      status: r.status,
      paymentStatus: r.paymentStatus,
      totalCents: r.totalCents,
      paidAt: r.paidAt ? r.paidAt.toISOString() : null,
      zoneId: zone?.id ?? null,
      zoneName: zone?.name ?? null,
      choice: zone && kind ? choiceKey(zone.id, kind) : null,
      zoneChoices: byQuote ? zones.map((z) => choiceKey(z.id, "standard")) : null,
    };
  });
  return { ...page, rows, choices: await choicesFor(wanted, options.now) };
}
