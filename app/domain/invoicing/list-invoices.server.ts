import { and, eq, gte, ilike, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  containsPattern,
  countMatching,
  everyRow,
  listOrder,
  listPage,
  sortedWindows,
} from "~/db/list-page.server";
import { invoices, invoiceSearchText } from "~/db/schema";
import { shopToday } from "~/lib/dates";
import type { ListParamsOf } from "~/lib/list-params";
import { randAmount } from "~/lib/money";
import type { INVOICE_LIST } from "./invoice-list";
import { formatInvoiceNumber, parseInvoiceNumber } from "./invoice-number";
import {
  INVOICE_STATUS_LABELS,
  type InvoiceListStatus,
  shownInvoiceStatus,
} from "./invoice-status";

export type InvoiceListParams = ListParamsOf<typeof INVOICE_LIST>;

const SORT_COLUMNS = {
  number: [invoices.number],
  customer: [sql`lower(${invoices.buyerName})`],
  issueDate: [invoices.issueDate],
  dueDate: [invoices.dueDate],
  amount: [invoices.totalCents],
} as const;

/** A sent invoice is overdue once its due date is before today; till then it is "sent". */
function statusIs(status: InvoiceListStatus, today: string): SQL | undefined {
  if (status === "overdue") return and(eq(invoices.status, "sent"), lt(invoices.dueDate, today));
  if (status === "sent") {
    return and(
      eq(invoices.status, "sent"),
      or(isNull(invoices.dueDate), gte(invoices.dueDate, today)),
    );
  }
  return eq(invoices.status, status);
}

/** The status filter, and a search by invoice number, order number or customer. */
function matching(params: Pick<InvoiceListParams, "q" | "status">, today: string) {
  const conditions: (SQL | undefined)[] = [
    params.status !== "all" ? statusIs(params.status, today) : undefined,
  ];
  const q = params.q.replace(/^#/, "");
  if (q) {
    const number = parseInvoiceNumber(q);
    const text = ilike(invoiceSearchText(invoices), containsPattern(q));
    conditions.push(number === null ? text : or(eq(invoices.number, number), text));
  }
  return and(...conditions);
}

function invoiceRows(params: InvoiceListParams, today: string) {
  return sortedWindows(
    () =>
      db()
        .select({
          id: invoices.id,
          number: invoices.number,
          orderNumber: invoices.orderNumber,
          customer: invoices.buyerName,
          issueDate: invoices.issueDate,
          dueDate: invoices.dueDate,
          totalCents: invoices.totalCents,
          status: invoices.status,
        })
        .from(invoices)
        .where(matching(params, today))
        .$dynamic(),
    listOrder(SORT_COLUMNS[params.sort], invoices.id, params.direction),
  );
}

/**
 * The cards: everything invoiced (sent or paid; a draft is not yet invoiced and a cancelled
 * invoice is void), what of it is paid, what is still to be paid, and what of that is overdue.
 */
async function summarizeInvoices(today: string) {
  const sum = (where: SQL) =>
    sql<string>`coalesce(sum(${invoices.totalCents}) filter (where ${where}), 0)::bigint`;
  const count = (where: SQL) => sql<number>`(count(*) filter (where ${where}))::int`;
  const overdue = sql`${invoices.status} = 'sent' and ${invoices.dueDate} < ${today}`;
  const [row] = await db()
    .select({
      invoicedCents: sum(sql`${invoices.status} in ('sent', 'paid')`),
      invoiced: count(sql`${invoices.status} in ('sent', 'paid')`),
      paidCents: sum(sql`${invoices.status} = 'paid'`),
      paid: count(sql`${invoices.status} = 'paid'`),
      outstandingCents: sum(sql`${invoices.status} = 'sent'`),
      outstanding: count(sql`${invoices.status} = 'sent'`),
      overdueCents: sum(overdue),
      overdue: count(overdue),
    })
    .from(invoices);
  return {
    invoicedCents: Number(row?.invoicedCents ?? 0),
    invoiced: row?.invoiced ?? 0,
    paidCents: Number(row?.paidCents ?? 0),
    paid: row?.paid ?? 0,
    outstandingCents: Number(row?.outstandingCents ?? 0),
    outstanding: row?.outstanding ?? 0,
    overdueCents: Number(row?.overdueCents ?? 0),
    overdue: row?.overdue ?? 0,
  };
}

/** The invoices page: its cards, and one page of the list for its search and filter. */
export async function listInvoices(options: { params: InvoiceListParams; now?: Date }) {
  const { params } = options;
  const today = shopToday(options.now);
  const [summary, page] = await Promise.all([
    summarizeInvoices(today),
    listPage({
      page: params.page,
      pageSize: params.pageSize,
      count: () => countMatching(invoices, matching(params, today)),
      rows: invoiceRows(params, today),
    }),
  ]);
  return {
    summary,
    ...page,
    rows: page.rows.map((r) => ({
      ...r,
      invoiceNumber: formatInvoiceNumber(r.number),
      status: shownInvoiceStatus(r, today),
    })),
  };
}

export const INVOICE_EXPORT_HEADER = [
  "Invoice Number",
  "Order",
  "Customer",
  "Issue Date",
  "Due Date",
  "Amount (ZAR)",
  "Status",
] as const;

/** Every invoice the list's search and filter show, in its order, as CSV cells. */
export async function* exportInvoices(options: { params: InvoiceListParams; now?: Date }) {
  const today = shopToday(options.now);
  for await (const i of everyRow(invoiceRows(options.params, today))) {
    yield [
      formatInvoiceNumber(i.number),
      i.orderNumber ?? "",
      i.customer,
      i.issueDate,
      i.dueDate ?? "",
      randAmount(i.totalCents),
      INVOICE_STATUS_LABELS[shownInvoiceStatus(i, today)],
    ] as const;
  }
}
