import { Fragment } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "~/components/admin/ui/table";
import type { OrderDetails } from "~/domain/orders/get-order.server";
import { ADD_ON_TEXT, chosenAddOns } from "~/domain/orders/add-ons";
import { lineOwedWords } from "~/domain/orders/line-owed";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * The order page's Items: each line with what became of it (delivered, refunded, back in
 * stock), then the order's sums.
 */
export function OrderItemsCard({
  order,
}: {
  order: Omit<OrderDetails, "token" | "idempotencyKey">;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Items</CardTitle>
      </CardHeader>
      <CardContent className="@container">
        {/* In a box under 672 px (a phone, a tablet beside the menu) each line is a labelled
              block: the table would scroll sideways. */}
        <ul className="space-y-2 text-sm @2xl:hidden" aria-label="Items">
          {order.lines.map((line, i) => (
            <li key={i} className="rounded-md border p-3">
              <p className="font-medium">
                {line.title} ({line.size})
              </p>
              <p className="font-mono text-xs">{line.sku}</p>
              <p>
                {line.quantity} × {money(line.unitPriceCents)} = {money(line.lineTotalCents)}
              </p>
              {lineOwedWords(line) && (
                <p className="text-muted-foreground" data-testid="line-owed">
                  {lineOwedWords(line)}
                </p>
              )}
            </li>
          ))}
        </ul>
        <Table className="@max-2xl:hidden">
          <TableHeader>
            <TableRow>
              <TableHead>Product</TableHead>
              <TableHead>Size</TableHead>
              <TableHead>SKU</TableHead>
              <TableHead className="text-right">Qty</TableHead>
              <TableHead className="text-right">Unit price</TableHead>
              <TableHead className="text-right">Total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {order.lines.map((line, i) => (
              <TableRow key={i}>
                <TableCell>
                  {line.title}
                  {lineOwedWords(line) && (
                    <span className="text-muted-foreground block text-xs" data-testid="line-owed">
                      {lineOwedWords(line)}
                    </span>
                  )}
                </TableCell>
                <TableCell>{line.size}</TableCell>
                <TableCell className="font-mono text-xs">{line.sku}</TableCell>
                <TableCell className="text-right">{line.quantity}</TableCell>
                <TableCell className="text-right">{money(line.unitPriceCents)}</TableCell>
                <TableCell className="text-right">{money(line.lineTotalCents)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-1 text-sm">
          <dt>Subtotal</dt>
          <dd className="text-right">{money(order.subtotalCents)}</dd>
          {order.discountCents > 0 && (
            <>
              <dt>Discount {order.promotionCode ? `(${order.promotionCode})` : ""}</dt>
              <dd className="text-right">-{money(order.discountCents)}</dd>
            </>
          )}
          <dt>Delivery</dt>
          <dd className="text-right">{money(order.deliveryCents)}</dd>
          {chosenAddOns(order).map(({ addOn, cents }) => (
            <Fragment key={addOn}>
              <dt>{ADD_ON_TEXT[addOn].line}</dt>
              <dd className="text-right">{money(cents)}</dd>
            </Fragment>
          ))}
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{money(order.totalCents)}</dd>
          <dt className="text-muted-foreground">VAT included</dt>
          <dd className="text-right text-muted-foreground">{money(order.vatCents)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
