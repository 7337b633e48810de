import type { ReactNode } from "react";
import { Link } from "react-router";
import { StageBadge } from "~/components/admin/orders/stage-badge";
import { StatusBadge } from "~/components/admin/status-badge";
import { PAYMENT_STATUS_LABELS } from "~/domain/orders/payment-status";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/admin/ui/card";
import type { CustomerPage } from "~/domain/customers/get-customer.server";
import { formatInvoiceNumber } from "~/domain/invoicing/invoice-number";
import { formatDateTime, formatDay } from "~/lib/dates";
import { formatMoney } from "~/lib/money";

const money = (cents: number) => formatMoney(cents, { cents: true });

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** Who they are and how to reach them: contact, account, consent and addresses. */
export function CustomerContactCard({ customer: c }: { customer: CustomerPage }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <Row label="E-mail">
            <a href={`mailto:${c.email}`} className="underline underline-offset-4">
              {c.email}
            </a>
          </Row>
          <Row label="Phone">
            {c.contact.phone ? (
              <a href={`tel:${c.contact.phone}`} className="underline underline-offset-4">
                {c.contact.phone}
              </a>
            ) : (
              <span className="text-muted-foreground">Not given</span>
            )}
          </Row>
          <Row label="Account">
            {c.account
              ? `Opened ${formatDateTime(c.account.createdAt)}${c.account.verified ? "" : ", e-mail not confirmed yet"}`
              : "None: ordered as a guest"}
          </Row>
          <Row label="Marketing">
            {c.figures?.marketing
              ? "Agreed (confirmed newsletter sign-up)"
              : "No consent: do not send marketing"}
          </Row>
          {c.addresses.length ? (
            <Row label="Saved addresses">
              <ul className="space-y-2">
                {c.addresses.map((a) => (
                  <li key={a.id}>
                    <span className="font-medium">
                      {a.label}
                      {a.isDefault ? " (default)" : ""}
                    </span>
                    <br />
                    {a.lines.join(", ")}
                  </li>
                ))}
              </ul>
            </Row>
          ) : null}
          {c.deliveredTo.length ? (
            <Row label="Orders went to">
              <ul className="space-y-1">
                {c.deliveredTo.map((a) => (
                  <li key={a}>{a}</li>
                ))}
              </ul>
            </Row>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

/** A card of rows that wrap on a phone rather than a table that scrolls sideways. */
function ListSection({
  title,
  empty,
  children,
  count,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {title} ({count})
        </CardTitle>
      </CardHeader>
      <CardContent>
        {count === 0 ? (
          <p className="text-sm text-muted-foreground">{empty}</p>
        ) : (
          <ul className="divide-y text-sm">{children}</ul>
        )}
      </CardContent>
    </Card>
  );
}

function Item({ children }: { children: ReactNode }) {
  return <li className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">{children}</li>;
}

/** Their orders, lay-bys, invoices and refunds, newest first, each linked to its page. */
export function CustomerDocumentsCards({ customer: c }: { customer: CustomerPage }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ListSection title="Orders" count={c.orders.length} empty="No orders yet.">
        {c.orders.map((o) => (
          <Item key={o.id}>
            <Link
              to={`/admin/orders/${o.number}`}
              className="font-medium underline-offset-4 hover:underline"
            >
              #{o.number}
            </Link>
            <span className="text-muted-foreground">{formatDateTime(o.createdAt)}</span>
            <StageBadge facts={o} />
            <StatusBadge status={o.paymentStatus} label={PAYMENT_STATUS_LABELS[o.paymentStatus]} />
            <span className="ml-auto font-medium">{money(o.totalCents)}</span>
          </Item>
        ))}
      </ListSection>
      <ListSection title="Lay-bys" count={c.laybys.length} empty="No lay-by plans.">
        {c.laybys.map((p) => (
          <Item key={p.id}>
            {p.orderNumber ? (
              <Link
                to={`/admin/orders/${p.orderNumber}`}
                className="font-medium underline-offset-4 hover:underline"
              >
                Lay-by for #{p.orderNumber}
              </Link>
            ) : (
              <span>Lay-by</span>
            )}
            <StatusBadge status={p.status} />
            <span className="text-muted-foreground">
              {p.months} {p.months === 1 ? "month" : "months"}, last payment due{" "}
              {formatDay(p.endDay)}
            </span>
          </Item>
        ))}
      </ListSection>
      <ListSection title="Invoices" count={c.invoices.length} empty="No invoices.">
        {c.invoices.map((i) => (
          <Item key={i.id}>
            <Link
              to={`/admin/invoices/${i.id}`}
              className="font-medium underline-offset-4 hover:underline"
            >
              {formatInvoiceNumber(i.number)}
            </Link>
            <span className="text-muted-foreground">
              {formatDay(i.issueDate)}
              {i.orderNumber ? ` · order #${i.orderNumber}` : " · made by hand"}
            </span>
            <StatusBadge status={i.status} />
            <span className="ml-auto font-medium">{money(i.totalCents)}</span>
          </Item>
        ))}
      </ListSection>
      <ListSection title="Refunds" count={c.refunds.length} empty="No refunds.">
        {c.refunds.map((r) => (
          <Item key={r.id}>
            {r.orderNumber ? (
              <Link
                to={`/admin/orders/${r.orderNumber}`}
                className="font-medium underline-offset-4 hover:underline"
              >
                Order #{r.orderNumber}
              </Link>
            ) : null}
            <span className="text-muted-foreground">{formatDateTime(r.createdAt)}</span>
            <StatusBadge status={r.status} />
            <span className="min-w-0 basis-full text-muted-foreground sm:basis-auto">
              {r.reason}
            </span>
            <span className="ml-auto font-medium">{money(r.amountCents)}</span>
          </Item>
        ))}
      </ListSection>
    </div>
  );
}
