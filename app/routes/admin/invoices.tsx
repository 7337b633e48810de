import { AlertTriangle, CheckCircle2, Clock, FileText, Plus } from "lucide-react";
import { Link } from "react-router";
import { INVOICE_COLUMNS } from "~/components/admin/invoices/invoice-columns";
import { ListCard } from "~/components/admin/list/list-card";
import { ListEmpty } from "~/components/admin/list/list-toolbar";
import { StatCard } from "~/components/admin/stat-card";
import { Button } from "~/components/admin/ui/button";
import { INVOICE_LIST, INVOICE_STATUS_CHOICES } from "~/domain/invoicing/invoice-list";
import { listInvoices } from "~/domain/invoicing/list-invoices.server";
import { readListParams } from "~/lib/list-params";
import { formatMoney } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import { readSearchParams } from "~/lib/request-input.server";
import { requireStaff } from "~/lib/staff-gate.server";
import type { Route } from "./+types/invoices";

export const meta: Route.MetaFunction = () => [{ title: "Invoices | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = readListParams(INVOICE_LIST, readSearchParams(request));
  return { params, ...(await listInvoices({ params })) };
}

const money = (cents: number) => formatMoney(cents, { cents: true });
const invoicesNote = (n: number) => `${formatCount(n)} ${n === 1 ? "invoice" : "invoices"}`;

export default function InvoicesPage({ loaderData: d }: Route.ComponentProps) {
  const { summary } = d;
  const filtered = d.params.q !== "" || d.params.status !== "all";
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Invoices</h1>
          <p className="text-muted-foreground">
            Tax invoices of paid orders and those made for customers by phone.
          </p>
        </div>
        <Button asChild>
          <Link to="/admin/invoices/new">
            <Plus className="size-4" aria-hidden /> Create Invoice
          </Link>
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          index={0}
          title="Total Invoiced"
          value={money(summary.invoicedCents)}
          note={`${invoicesNote(summary.invoiced)} sent or paid`}
          icon={FileText}
        />
        <StatCard
          index={1}
          title="Paid"
          value={money(summary.paidCents)}
          note={invoicesNote(summary.paid)}
          icon={CheckCircle2}
        />
        <StatCard
          index={2}
          title="Outstanding"
          value={money(summary.outstandingCents)}
          note={`${invoicesNote(summary.outstanding)} sent, not yet paid`}
          icon={Clock}
        />
        <StatCard
          index={3}
          title="Overdue"
          value={money(summary.overdueCents)}
          note={`${invoicesNote(summary.overdue)} past the due date`}
          icon={AlertTriangle}
        />
      </div>
      <ListCard
        title="Invoices"
        noun="invoices"
        spec={INVOICE_LIST}
        params={d.params}
        page={d}
        columns={INVOICE_COLUMNS}
        rowKey={(i) => i.id}
        rowTestId="invoice-row"
        toolbar={{
          searchLabel: "Search invoices",
          placeholder: "Invoice number, order number or customer...",
          statusOptions: INVOICE_STATUS_CHOICES,
          exportTo: "/admin/invoices/export",
        }}
        empty={
          <ListEmpty
            title="No invoices found"
            description={
              filtered
                ? "No invoice matches this search and filter."
                : "An order's tax invoice appears here as soon as it is paid."
            }
          />
        }
      />
    </div>
  );
}
