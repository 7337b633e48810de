import { CheckCircle2, Clock, DollarSign, Search, ShoppingCart } from "lucide-react";
import { Form, Link } from "react-router";
import { StatCard } from "~/components/admin/stat-card";
import { StatusBadge } from "~/components/admin/status-badge";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import { usePoll } from "~/components/admin/use-poll";
import { Button } from "~/components/admin/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import { Input, NativeSelect } from "~/components/admin/ui/input";
import { listAdminOrders } from "~/domain/orders/list-orders.server";
import { ORDER_STATUSES } from "~/domain/orders/order-status";
import { requireStaff } from "~/lib/staff-gate.server";
import { formatMoney } from "~/lib/money";
import { readSearchParams } from "~/lib/request-input.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: "Orders | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const search = readSearchParams(request);
  return listAdminOrders({
    status: search.get("status") ?? undefined,
    q: search.get("q") ?? undefined,
  });
}

const money = (cents: number) => formatMoney(cents, { cents: true });
const dateFormat = new Intl.DateTimeFormat("en-ZA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Johannesburg",
});

export default function OrdersPage({ loaderData: d }: Route.ComponentProps) {
  usePoll(15_000);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Orders</h1>
        <p className="text-muted-foreground">Every order placed in the shop, newest first.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard index={0} title="Total Orders" value={d.summary.total} icon={ShoppingCart} />
        <StatCard index={1} title="Pending" value={d.summary.pending} icon={Clock} />
        <StatCard index={2} title="Completed" value={d.summary.completed} icon={CheckCircle2} />
        <StatCard
          index={3}
          title="Revenue"
          value={money(d.summary.revenueCents)}
          note="Orders not cancelled"
          icon={DollarSign}
        />
      </div>
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
          <CardTitle>Orders ({d.orders.length})</CardTitle>
          <Form method="get" className="flex flex-wrap gap-2" role="search">
            <NativeSelect
              name="status"
              defaultValue={d.status}
              aria-label="Status"
              className="w-40"
            >
              <option value="all">All statuses</option>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s[0]!.toUpperCase() + s.slice(1)}
                </option>
              ))}
            </NativeSelect>
            <div className="relative">
              <Search
                className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                aria-hidden
              />
              <Input
                name="q"
                type="search"
                defaultValue={d.q}
                placeholder="Number, name or e-mail..."
                aria-label="Search orders"
                className="w-64 pl-9"
              />
            </div>
            <Button type="submit" variant="outline">
              Filter
            </Button>
          </Form>
        </CardHeader>
        <CardContent>
          {d.orders.length === 0 ? (
            <p className="py-12 text-center font-medium">No orders found</p>
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Order Number</TableHead>
                  <TableHead>Customer</TableHead>
                  <TableHead>Contact</TableHead>
                  <TableHead>Date</TableHead>
                  <TableHead>Total</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Payment</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.orders.map((o) => (
                  <TableRow key={o.id} data-testid="order-row">
                    <TableCell>
                      <Link
                        to={`/admin/orders/${o.number}`}
                        className="font-medium text-primary hover:underline"
                      >
                        #{o.number}
                      </Link>
                    </TableCell>
                    <TableCell>{o.customer || "N/A"}</TableCell>
                    <TableCell className="text-sm">
                      <div>{o.email || "N/A"}</div>
                      <div className="text-muted-foreground">{o.phone || "N/A"}</div>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {dateFormat.format(new Date(o.createdAt))}
                    </TableCell>
                    <TableCell>{money(o.totalCents)}</TableCell>
                    <TableCell>
                      <StatusBadge status={o.status} />
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={o.paymentStatus} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
