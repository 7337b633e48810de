import { Link } from "react-router";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { listAuditLog } from "~/domain/audit/audit-log.server";
import { requireOwner } from "~/lib/staff-gate.server";
import { parseDbId } from "~/lib/db-ids";
import { readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/audit-log";
import { formatDateTime } from "~/lib/dates";

export const meta: Route.MetaFunction = () => [{ title: "Audit Log | Admin" }];

const ACTIONS: Record<string, string> = {
  sign_in: "Signed in",
  sign_in_failed: "Failed sign-in",
  sign_out: "Signed out",
  password_reset_requested: "Password reset asked for",
  password_reset: "Password reset",
  password_changed: "Password changed",
  other_sessions_ended: "Signed out of other devices",
  password_check_failed: "Wrong password on My account or the Security tab",
  two_factor_challenged: "Password right, code asked for",
  two_factor_failed: "Two-factor code refused",
  two_factor_enabled: "Two-factor turned on",
  two_factor_disabled: "Two-factor turned off",
  two_factor_backup_codes_renewed: "New backup codes",
  two_factor_reset: "Two-factor reset by the owner",
  shopper_signed_up: "Shopper account created",
  email_verified: "E-mail confirmed",
  guest_orders_joined_account: "Guest orders joined an account",
  role_changed: "Role changed",
  product_created: "Product created",
  product_price_changed: "Price changed",
  product_archived: "Product archived",
  product_deleted: "Product deleted",
  order_status_changed: "Order status changed",
  order_refunded: "Order refunded",
  layby_cancelled: "Lay-by cancelled",
  layby_payment_recorded: "Lay-by showroom payment recorded",
  layby_refund_paid: "Lay-by refund paid out",
  enquiry_status_changed: "Enquiry status changed",
  customer_note_added: "Customer note added",
  customer_note_removed: "Customer note removed",
  customer_tag_added: "Customer tag added",
  customer_tag_removed: "Customer tag removed",
  supplier_created: "Supplier added",
  supplier_updated: "Supplier updated",
  supplier_deactivated: "Supplier deactivated",
  supplier_reactivated: "Supplier reactivated",
  delivery_zone_created: "Delivery zone added",
  delivery_zone_updated: "Delivery zone updated",
  delivery_zone_deactivated: "Delivery zone deactivated",
  delivery_zone_reactivated: "Delivery zone reactivated",
  delivery_quoted: "Delivery quoted",
  purchase_order_sent: "Purchase order sent",
  purchase_order_created: "Purchase order created",
  purchase_order_updated: "Purchase order draft changed",
  purchase_order_submitted: "Purchase order submitted",
  purchase_order_approved: "Purchase order approved",
  purchase_order_in_transit: "Purchase order in transit",
  purchase_order_received: "Purchase order received",
  purchase_order_cancelled: "Purchase order cancelled",
  warehouse_created: "Warehouse created",
  warehouse_renamed: "Warehouse renamed",
  warehouse_sells_online_changed: "Warehouse sells online or not",
  warehouse_deactivated: "Warehouse deactivated",
  warehouse_reactivated: "Warehouse reactivated",
  stock_adjusted: "Stock adjusted",
  stock_transferred: "Stock transferred",
  low_stock_threshold_changed: "Low-stock threshold changed",
  promotion_created: "Promotion created",
  promotion_updated: "Promotion updated",
  promotion_activated: "Promotion activated",
  promotion_deactivated: "Promotion deactivated",
  promotion_deleted: "Promotion deleted",
  invoice_created: "Invoice created",
  invoice_updated: "Invoice draft changed",
  invoice_issued: "Invoice issued",
  invoice_sent: "Invoice sent",
  invoice_paid: "Invoice marked paid",
  invoice_cancelled: "Invoice cancelled",
  invoice_credited: "Credit note issued",
  credit_note_paid_back: "Credit note paid back",
  settings_updated: "Settings changed",
  preferences_updated: "Own preferences changed",
  test_email_sent: "Test e-mail sent",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireOwner(request);
  const search = readSearchParams(request);
  const action = search.get("action") ?? "";
  const page = parseDbId(search.get("page")) ?? 1;
  return listAuditLog({ action: action in ACTIONS ? action : undefined, page });
}

/** A change (a setting's old and new value) reads "from → to"; anything else as it is. */
function describeValue(v: unknown): string {
  if (v && typeof v === "object" && "from" in v && "to" in v && Object.keys(v).length === 2) {
    return `${describeValue(v.from)} → ${describeValue(v.to)}`;
  }
  return typeof v === "object" ? JSON.stringify(v) : String(v);
}

function describe(details: Record<string, unknown>) {
  return Object.entries(details)
    .map(([k, v]) => `${k}: ${describeValue(v)}`)
    .join(" · ");
}

export default function AuditLogPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Audit Log</h1>
        <p className="text-muted-foreground">
          Sign-ins, failed sign-ins, role, price and order status changes, settings and privacy
          requests. Times are in the shop's time zone.
        </p>
      </div>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
          <CardTitle>Entries ({d.total})</CardTitle>
          <form method="get" className="flex gap-2">
            <select
              name="action"
              defaultValue=""
              className="h-9 rounded-md border bg-background px-2 text-sm"
              aria-label="Show only"
            >
              <option value="">Everything</option>
              {Object.entries(ACTIONS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <Button type="submit" size="sm" variant="outline">
              Show
            </Button>
          </form>
        </CardHeader>
        <CardContent>
          {d.rows.length === 0 ? (
            <p className="py-8 text-center text-muted-foreground">Nothing logged yet</p>
          ) : (
            <Table stacked>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>What</TableHead>
                  <TableHead>Who</TableHead>
                  <TableHead>Address</TableHead>
                  <TableHead>Subject</TableHead>
                  <TableHead>Details</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.rows.map((row) => (
                  <TableRow key={row.id} data-testid="audit-row">
                    <TableCell data-label="When" className="whitespace-nowrap">
                      {formatDateTime(row.at)}
                    </TableCell>
                    <TableCell data-label="What">{ACTIONS[row.action] ?? row.action}</TableCell>
                    <TableCell data-label="Who" className="[overflow-wrap:anywhere]">
                      {row.actorEmail ?? "N/A"}
                    </TableCell>
                    <TableCell data-label="Address" className="font-mono text-xs">
                      {row.ipAddress ?? ""}
                    </TableCell>
                    <TableCell
                      data-label="Subject"
                      className="font-mono text-xs [overflow-wrap:anywhere]"
                    >
                      {row.subject ?? ""}
                    </TableCell>
                    <TableCell
                      data-label="Details"
                      className="max-w-md text-xs [overflow-wrap:anywhere] text-muted-foreground"
                    >
                      {describe(row.details)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <div className="mt-4 flex justify-between">
            {d.page > 1 ? (
              <Link className="text-sm text-primary hover:underline" to={`?page=${d.page - 1}`}>
                Newer
              </Link>
            ) : (
              <span />
            )}
            {d.hasMore && (
              <Link className="text-sm text-primary hover:underline" to={`?page=${d.page + 1}`}>
                Older
              </Link>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
