import {
  BarChart3,
  CheckCircle2,
  DollarSign,
  Package,
  Plus,
  ShoppingCart,
  Warehouse,
} from "lucide-react";
import { Link } from "react-router";
import { StatCard } from "~/components/admin/stat-card";
import { StageBadge } from "~/components/admin/orders/stage-badge";
import { StatusBadge } from "~/components/admin/status-badge";
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
import { TodayBoard } from "~/components/admin/dashboard/today-board";
import { getDashboard } from "~/domain/reports/dashboard.server";
import { todayBoard } from "~/domain/reports/today-board.server";
import { requireStaff } from "~/lib/staff-gate.server";
import { formatMoney } from "~/lib/money";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Admin" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const [dashboard, today] = await Promise.all([getDashboard(), todayBoard()]);
  return { ...dashboard, today };
}

const money = (cents: number) => formatMoney(cents, { cents: true });

function changeNote(percent: number | null) {
  const counts = "Net sales: invoiced, less refunds, plus lay-by charges kept";
  if (percent === null) return `${counts}; new against nothing in the previous 30 days`;
  const sign = percent > 0 ? "+" : "";
  return `${counts}; ${sign}${percent}% on the previous 30 days`;
}

export default function Dashboard({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Dashboard</h1>
        <p className="text-muted-foreground">An overview of the shop.</p>
      </div>
      <TodayBoard day={d.today.day} counts={d.today.counts} />
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          index={0}
          title="Total Revenue"
          value={money(d.revenueCents)}
          note={changeNote(d.revenueChangePercent)}
          icon={DollarSign}
        />
        <StatCard
          index={1}
          title="Total Orders"
          value={d.totalOrders}
          note={`${d.awaitingPaymentOrders} awaiting payment, ${d.toDeliverOrders} to deliver`}
          icon={ShoppingCart}
        />
        <StatCard
          index={2}
          title="Products"
          value={d.products}
          note={`${d.activeProducts} active`}
          icon={Package}
        />
        <StatCard
          index={3}
          title="Delivered"
          value={d.deliveredOrders}
          note={`${d.conversionPercent}% of orders`}
          icon={CheckCircle2}
        />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex flex-row items-center justify-between space-y-0">
            <CardTitle>Recent Orders</CardTitle>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/orders">View All</Link>
            </Button>
          </CardHeader>
          <CardContent>
            {d.recentOrders.length === 0 ? (
              <p className="py-8 text-center text-muted-foreground">No orders yet</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Order #</TableHead>
                    <TableHead>Customer</TableHead>
                    <TableHead>Total</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {d.recentOrders.map((o) => (
                    <TableRow key={o.id}>
                      <TableCell>
                        <Link
                          to={`/admin/orders/${o.number}`}
                          className="font-medium text-primary hover:underline"
                        >
                          #{o.number}
                        </Link>
                      </TableCell>
                      <TableCell>{o.customer || "N/A"}</TableCell>
                      <TableCell>{money(o.totalCents)}</TableCell>
                      <TableCell>
                        <StageBadge facts={o} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex flex-row items-center justify-between space-y-0">
            <CardTitle>Recent Products</CardTitle>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/products">View All</Link>
            </Button>
          </CardHeader>
          <CardContent>
            {d.recentProducts.length === 0 ? (
              <p className="py-8 text-center text-muted-foreground">No products yet</p>
            ) : (
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>SKU</TableHead>
                    <TableHead>Product</TableHead>
                    <TableHead>Price</TableHead>
                    <TableHead>Status</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {d.recentProducts.map((p) => (
                    <TableRow key={p.id}>
                      <TableCell className="font-mono text-xs">{p.sku ?? "N/A"}</TableCell>
                      <TableCell>
                        <Link to={`/admin/products/${p.id}`} className="hover:underline">
                          {p.title}
                        </Link>
                      </TableCell>
                      <TableCell>{p.priceCents === null ? "N/A" : money(p.priceCents)}</TableCell>
                      <TableCell>
                        <StatusBadge status={p.status} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Quick Actions</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Button asChild variant="outline" className="h-auto justify-start py-3">
            <Link to="/admin/products/new">
              <Plus /> Add Product
            </Link>
          </Button>
          <Button asChild variant="outline" className="h-auto justify-start py-3">
            <Link to="/admin/orders">
              <ShoppingCart /> View Orders
            </Link>
          </Button>
          <Button asChild variant="outline" className="h-auto justify-start py-3">
            <Link to="/admin/inventory">
              <Warehouse /> Check Inventory
            </Link>
          </Button>
          <Button asChild variant="outline" className="h-auto justify-start py-3">
            <Link to="/admin/reports">
              <BarChart3 /> View Reports
            </Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
