import type { BusinessDocument } from "~/domain/documents/business-document";
import { cn } from "~/lib/cn";

/**
 * A printed document (invoice, credit note) as the customer gets it, drawn in the page from the
 * same description its PDF is laid out from.
 */
export function DocumentView({ document: doc }: { document: BusinessDocument }) {
  return (
    <article
      aria-label={`${doc.title} ${doc.number}`}
      className="space-y-6 rounded-lg border bg-card p-6 text-sm text-card-foreground"
    >
      <header className="flex flex-wrap justify-between gap-4">
        <div>
          <h2 className="text-xl font-bold">{doc.title}</h2>
          <p className="font-semibold">{doc.number}</p>
          {doc.subtitle && <p className="text-muted-foreground">{doc.subtitle}</p>}
        </div>
        <div className="text-right">
          <p className="font-semibold">{doc.shop.storeName}</p>
          <p>{doc.shop.legalName}</p>
          <p className="text-muted-foreground">Registration number {doc.shop.registrationNumber}</p>
          {doc.shop.vatNumber && (
            <p className="text-muted-foreground">VAT number {doc.shop.vatNumber}</p>
          )}
        </div>
      </header>
      <div className="grid gap-6 sm:grid-cols-2">
        {doc.parties.map((party) => (
          <section key={party.heading}>
            <h3 className="mb-1 font-semibold">{party.heading}</h3>
            {party.lines.map((line, i) => (
              <p key={i} className={cn(i === 0 && "font-medium")}>
                {line}
              </p>
            ))}
          </section>
        ))}
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-3">
        {doc.facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-muted-foreground">{fact.label}</dt>
            <dd className="font-semibold">{fact.value}</dd>
          </div>
        ))}
      </dl>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse">
          <thead>
            <tr className="border-b-2">
              {doc.columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={cn(
                    "py-2 pr-3 text-left font-semibold",
                    column.align === "right" && "pr-0 text-right",
                  )}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {doc.rows.map((row, r) => (
              <tr key={r} className="border-b">
                {row.map((value, c) => (
                  <td
                    key={c}
                    className={cn(
                      "py-2 pr-3",
                      doc.columns[c]?.align === "right" && "pr-0 text-right whitespace-nowrap",
                      doc.columns[c]?.sign && "border-b border-foreground",
                    )}
                  >
                    {doc.columns[c]?.sign ? null : value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto w-full max-w-xs space-y-1">
        {doc.totals.map((total) => (
          <div
            key={total.label}
            className={cn("flex justify-between gap-4", total.bold && "font-bold")}
          >
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ))}
      </dl>
      {doc.notes && (
        <section>
          <h3 className="font-semibold">Notes</h3>
          <p className="whitespace-pre-line">{doc.notes}</p>
        </section>
      )}
      <p className="text-muted-foreground">{doc.footnote}</p>
    </article>
  );
}
