import { and, eq, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  everyRow,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import { deliveryZones } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import { randAmount } from "~/lib/money";
import type { ZONE_LIST, ZoneRow } from "./zone-list";

export type ZoneListParams = ListParamsOf<typeof ZONE_LIST>;

const z = deliveryZones;
const SORT_COLUMNS = {
  order: [z.sortOrder, sql`lower(${z.name})`],
  name: [sql`lower(${z.name})`],
  standardFee: [z.standardFeeCents],
  freeFrom: [sql`coalesce(${z.freeFromCents}, 2147483647)`],
  expressFee: [sql`coalesce(${z.expressFeeCents}, 2147483647)`],
  leadDays: [z.leadDays],
  status: [sql`(not ${z.active})`, z.sortOrder],
} as const;

/** The search looks in the name, the postal codes, the towns and the provinces. */
function matching(params: Pick<ZoneListParams, "q" | "status">): SQL | undefined {
  const pattern = params.q ? containsPattern(params.q) : undefined;
  return and(
    params.status === "all" ? undefined : eq(z.active, params.status === "active"),
    pattern
      ? sql`(${z.name} ilike ${pattern} or array_to_string(${z.postalCodes}, ' ') ilike ${pattern} or array_to_string(${z.towns}, ' ') ilike ${pattern} or array_to_string(${z.provinces}, ' ') ilike ${pattern})`
      : undefined,
  );
}

function zoneRows(params: ZoneListParams) {
  return sortedWindows(
    () =>
      db()
        .select({
          id: z.id,
          name: z.name,
          postalCodes: z.postalCodes,
          towns: z.towns,
          provinces: z.provinces,
          standardFeeCents: z.standardFeeCents,
          freeFromCents: z.freeFromCents,
          expressFeeCents: z.expressFeeCents,
          leadDays: z.leadDays,
          weekdays: z.weekdays,
          dropsPerDay: z.dropsPerDay,
          active: z.active,
          sortOrder: z.sortOrder,
        })
        .from(z)
        .where(matching(params))
        .$dynamic(),
    listOrder(SORT_COLUMNS[params.sort], z.id, params.direction),
  );
}

/** The zones page: its cards over every zone, and one page of the list. */
export async function listZones(options: { params: ZoneListParams }) {
  const { params } = options;
  const [summary, page] = await Promise.all([
    summarizeZones(),
    listPage<ZoneRow>({
      page: params.page,
      pageSize: params.pageSize,
      count: () => countMatching(z, matching(params)),
      rows: zoneRows(params),
    }),
  ]);
  return { summary, ...page };
}

async function summarizeZones() {
  const [row] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${z.active}))::int`,
      express: sql<number>`(count(*) filter (where ${z.active} and ${z.expressFeeCents} is not null))::int`,
      freeSomewhere: sql<number>`(count(*) filter (where ${z.active} and ${z.freeFromCents} is not null))::int`,
    })
    .from(z);
  return {
    total: row?.total ?? 0,
    active: row?.active ?? 0,
    express: row?.express ?? 0,
    freeSomewhere: row?.freeSomewhere ?? 0,
  };
}

export const ZONE_EXPORT_HEADER = [
  "Name",
  "Postal Codes",
  "Towns",
  "Provinces",
  "Standard Fee",
  "Free From",
  "Express Fee",
  "Lead Days",
  "Weekdays",
  "Drops a Day",
  "Sort Order",
  "Status",
] as const;

const DAY_NAMES = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const rand = (cents: number | null) => (cents === null ? "" : randAmount(cents));

/** Every zone the list's search and filter show, in its order, as CSV cells. */
export async function* exportZones(options: { params: ZoneListParams }) {
  for await (const r of everyRow(zoneRows(options.params))) {
    yield [
      r.name,
      r.postalCodes.join(", "),
      r.towns.join(", "),
      r.provinces.join(", "),
      rand(r.standardFeeCents),
      rand(r.freeFromCents),
      rand(r.expressFeeCents),
      r.leadDays,
      r.weekdays.map((d) => DAY_NAMES[d]).join(" "),
      r.dropsPerDay,
      r.sortOrder,
      r.active ? "active" : "inactive",
    ] as const;
  }
}
