import { formatMoney } from "~/lib/money";
import type { Compared, Report } from "./get-report.server";

const money = (cents: number) => formatMoney(cents, { cents: true });

function change(c: Compared): string {
  if (c.change === null) return "no sales the week before";
  if (c.change === 0) return "same as the week before";
  return `${c.change > 0 ? "+" : ""}${c.change}% on the week before`;
}

/**
 * The weekly report e-mail: last week's sales, buyers, best sellers and stock, with the
 * change on the week before, and where to read more or switch the e-mail off.
 */
export function weeklyReportMail(options: {
  report: Report;
  firstDay: string;
  lastDay: string;
  siteUrl: string;
}) {
  const { report: r, firstDay, lastDay, siteUrl } = options;
  const s = r.sales;
  const top = r.products.byRevenue.map(
    (p, i) => `${i + 1}. ${p.title}: ${money(p.revenueCents)} (${p.units} sold)`,
  );
  const text = [
    `Your shop's week from ${firstDay} to ${lastDay}:`,
    "",
    "Sales (net: invoiced, less refunds, plus lay-by charges kept)",
    `- Net sales: ${money(s.revenueCents.value)} incl. VAT (${change(s.revenueCents)})`,
    `- Net sales excl. VAT: ${money(s.revenueExVatCents.value)}`,
    `- Invoices issued: ${s.orders.value} (${change(s.orders)})`,
    `- Average invoice: ${money(s.averageOrderCents.value)}`,
    `- Refunds credited: ${money(s.refundedCents.value)} (${s.refunds} credit note${s.refunds === 1 ? "" : "s"})`,
    `- Lay-by charges kept: ${money(s.chargesKeptCents)}`,
    "",
    "Customers",
    `- Orders by new buyers: ${r.customers.newOrders}; by returning buyers: ${r.customers.returningOrders}`,
    "",
    "Top products by revenue",
    ...(top.length > 0 ? top : ["No products sold."]),
    r.products.marginPercent === null
      ? "Gross margin: no costed sales."
      : `Gross margin: ${money(r.products.marginCents)} (${r.products.marginPercent}%)`,
    "",
    "Stock now",
    `- Value at cost: ${money(r.inventory.valueCents)}`,
    `- Low stock: ${r.inventory.lowStock}; out of stock: ${r.inventory.outOfStock}`,
    "",
    `Read more on the Reports page: ${siteUrl}/admin/reports?period=custom&from=${firstDay}&to=${lastDay}`,
    `Switch this e-mail off under Settings, Notifications: ${siteUrl}/admin/settings/notifications`,
  ].join("\n");
  return { subject: `Weekly report: ${firstDay} to ${lastDay}`, text };
}
