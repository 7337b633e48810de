import vm from "node:vm";
import v8 from "node:v8";
import pg from "pg";
import { layOutDocument } from "../app/domain/documents/document-pdf-layout.server";
import { invoicePrint, type Invoice } from "../app/domain/invoicing/invoice-document.server";
import { benchAdminLists, type LatencyResult } from "./admin-lists";

export type PdfResult = {
  renders: number;
  medianMs: number;
  p95Ms: number;
  /** Heap in use after a full collection: after the first 10 renders and after the last. */
  heapAfter10Mb: number;
  heapAfterAllMb: number;
  rssAfterAllMb: number;
};

/** A full tax invoice of `lines` lines, as one issued when a web order was paid. */
function sampleInvoice(lines: number): Invoice {
  const rows = Array.from({ length: lines }, (_, i) => ({
    description: `Ṱhohoyanḓou Pocket Spring Bed ${i + 1}, Queen`,
    sku: `SB-${String(i + 1).padStart(2, "0")}-QN`,
    variantId: i + 1,
    quantity: 1 + (i % 3),
    unitPriceCents: 319_900,
    lineTotalCents: (1 + (i % 3)) * 319_900,
  }));
  const totalCents = rows.reduce((s, r) => s + r.lineTotalCents, 0);
  return {
    id: 1,
    number: 1234,
    invoiceNumber: "INV-001234",
    orderId: 1,
    orderNumber: 5678,
    laybyPlanId: null,
    status: "paid",
    shownStatus: "paid",
    issueDate: "2026-11-24",
    dueDate: "2026-11-24",
    seller: {
      storeName: "Slumber Corner Beds",
      legalName: "Slumber Corner Beds (Pty) Ltd",
      registrationNumber: "2009/012345/07",
      vatNumber: "4123456789",
      addressLines: ["24 Main Street", "Lichtenburg, North West, 2740"],
      phone: "018 632 1234",
      email: "info@slumbercorner.co.za",
    },
    buyerName: "Ṱhohoyanḓou Ndou",
    buyerEmail: "ndou@example.co.za",
    buyerPhone: "082 000 0000",
    buyerAddress: "7 Mvuvhelo Street\nThohoyandou 0950",
    buyerVatNumber: "",
    totalCents,
    vatCents: Math.round((totalCents * 15) / 115),
    notes: "",
    paymentReference: "5678-ab12cd34ef56",
    paidAt: new Date(),
    sentAt: null,
    cancelledAt: null,
    createdBy: "system",
    createdAt: new Date(),
    updatedAt: new Date(),
    lines: rows,
  };
}

const gc = (() => {
  v8.setFlagsFromString("--expose-gc");
  return vm.runInNewContext("gc") as () => void;
})();
const heapMb = () => {
  gc();
  return Math.round((process.memoryUsage().heapUsed / 1024 / 1024) * 10) / 10;
};

/**
 * One invoice's PDF (8 lines, DejaVu Sans embedded) laid out `renders` times in a row in this
 * process, after 5 untimed ones (the library and the font load with the first): the median and
 * 95th percentile of each, and the heap after a full collection after 10 and after all of them.
 */
export async function benchInvoicePdf(renders = 100): Promise<PdfResult> {
  const document = invoicePrint(sampleInvoice(8));
  for (let i = 0; i < 5; i++) await layOutDocument(document);
  const times: number[] = [];
  let heapAfter10Mb = 0;
  for (let i = 0; i < renders; i++) {
    const started = performance.now();
    const pdf = await layOutDocument(document);
    times.push(performance.now() - started);
    if (pdf.subarray(0, 5).toString() !== "%PDF-") throw new Error("Not a PDF");
    if (i === 9) heapAfter10Mb = heapMb();
  }
  times.sort((a, b) => a - b);
  return {
    renders,
    medianMs: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
    p95Ms: Math.round(times[Math.ceil(times.length * 0.95) - 1]! * 10) / 10,
    heapAfter10Mb,
    heapAfterAllMb: heapMb(),
    rssAfterAllMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
  };
}

/**
 * `count` invoices written straight into the database (a quarter each paid, sent, overdue and
 * draft, over the last year), and the invoice counter moved past them, as years of trading would
 * leave it.
 */
export async function seedInvoices(databaseUrl: string, count: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const seller = JSON.stringify(sampleInvoice(1).seller);
    await client.query(
      `insert into invoices (number, status, issue_date, due_date, seller, buyer_name, buyer_email,
         total_cents, vat_cents, created_by)
       select g,
         (array['paid', 'sent', 'sent', 'draft'])[1 + g % 4]::invoice_status,
         current_date - (g % 365),
         current_date - (g % 365) + (case when g % 4 = 2 then 400 else 30 end),
         $1::jsonb,
         (array['Naledi', 'Thabo', 'Lerato', 'Sipho', 'Ṱhohoyanḓou'])[1 + g % 5] || ' ' ||
           (array['Mokoena', 'Dlamini', 'Ndou', 'Botha', 'Khumalo'])[1 + (g / 5) % 5] || ' ' || g,
         'buyer' || g || '@example.co.za',
         10000 + (g * 7919) % 900000,
         round((10000 + (g * 7919) % 900000) * 15 / 115.0)::int,
         'system'
       from generate_series(1, $2::int) g`,
      [seller, count],
    );
    await client.query(
      `insert into document_counters (name, last_value) values ('invoice', $1)
       on conflict (name) do update set last_value = excluded.last_value`,
      [count],
    );
    await client.query("analyze invoices");
  } finally {
    await client.end();
  }
}

/** The invoices list at its largest, as staff load it (see benchAdminLists). */
export function benchInvoiceList(
  base: string,
  count: number,
): Promise<Record<string, LatencyResult>> {
  return benchAdminLists(base, {
    "invoices, first page": "/admin/invoices",
    "invoices, search by customer": "/admin/invoices?q=lerato+ndou",
    "invoices, search by number": "/admin/invoices?q=INV-054321",
    "invoices, overdue": "/admin/invoices?status=overdue",
    "invoices, by amount": "/admin/invoices?sort=amount&dir=desc",
    "invoices, last page": `/admin/invoices?page=${Math.ceil(count / 20)}`,
  });
}
