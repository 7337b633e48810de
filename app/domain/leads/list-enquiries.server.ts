import { and, eq, ilike, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  everyRow,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import { users } from "~/db/schema";
import type { ListParamsOf } from "~/lib/list-params";
import { CONSULTATION_TYPES } from "./consultation-types";
import type { ENQUIRY_LIST, EnquiryKind } from "./enquiry-lists";
import { summarizeEnquiries } from "./enquiry-summary.server";
import { enquiryTable, handlerName } from "./enquiry-tables.server";

export type EnquiryListParams = ListParamsOf<typeof ENQUIRY_LIST>;

type Source = ReturnType<typeof enquiryTable>;

function matching(source: Source, params: EnquiryListParams): SQL | undefined {
  const pattern = params.q ? containsPattern(params.q) : null;
  return and(
    params.status === "all" ? undefined : eq(source.columns.status, params.status),
    // Name, e-mail, phone, subject and message, through the trigram index on the same text.
    pattern ? ilike(source.searchText, pattern) : undefined,
  );
}

function sortColumns(source: Source, sort: EnquiryListParams["sort"]) {
  if (sort === "name") return source.sortName;
  if (sort === "status") return [source.columns.status, source.columns.createdAt];
  return [source.columns.createdAt];
}

function enquiryRows(kind: EnquiryKind, params: EnquiryListParams) {
  const source = enquiryTable(kind);
  return sortedWindows(
    () =>
      db()
        .select({ ...source.columns, handler: handlerName })
        .from(source.table)
        .leftJoin(users, eq(users.id, source.handledBy))
        .where(matching(source, params))
        .$dynamic(),
    listOrder(sortColumns(source, params.sort), source.columns.id, params.direction),
  );
}

export type EnquiryRow = Awaited<ReturnType<ReturnType<typeof enquiryRows>>>[number];

/** How many consultation requests or contact messages the list holds for its search and filter. */
export function countEnquiries(options: {
  kind: EnquiryKind;
  params: EnquiryListParams;
}): Promise<number> {
  const source = enquiryTable(options.kind);
  return countMatching(source.table, matching(source, options.params));
}

/**
 * The inbox's cards, and one page of consultation requests or contact messages for its search
 * and filter.
 */
export async function listEnquiries(options: { kind: EnquiryKind; params: EnquiryListParams }) {
  const { kind, params } = options;
  const [summary, page] = await Promise.all([
    summarizeEnquiries(),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: () => countEnquiries({ kind, params }),
      rows: enquiryRows(kind, params),
    }),
  ]);
  return { summary, ...page };
}

/** The CSV's columns: the topic is the consultation's type or the message's subject. */
export function enquiryExportHeader(kind: EnquiryKind) {
  return [
    "Received",
    "Name",
    "Email",
    "Phone",
    kind === "consultation" ? "Type" : "Subject",
    "Message",
    "Status",
    "Staff note",
    "Handled by",
    "Handled at",
  ] as const;
}

const typeLabel = (value: string) =>
  CONSULTATION_TYPES.find((t) => t.value === value)?.label ?? value;

/** Every enquiry the list's search and filter show, in its order, as CSV cells. */
export async function* exportEnquiries(options: { kind: EnquiryKind; params: EnquiryListParams }) {
  const { kind } = options;
  for await (const e of everyRow(enquiryRows(kind, options.params))) {
    yield [
      e.createdAt,
      e.name,
      e.email,
      e.phone,
      kind === "consultation" ? typeLabel(e.topic) : e.topic,
      e.message,
      e.status,
      e.staffNote,
      e.handler,
      e.handledAt,
    ] as const;
  }
}
