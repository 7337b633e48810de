import { Document, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { VAT_RATE_PERCENT } from "~/domain/orders/totals";
import { formatMoney } from "~/lib/money";
import { PDF_FONT, registerPdfFonts } from "./pdf-fonts.server";
import { PURCHASE_ORDER_STATUS_LABELS } from "./purchase-order-status";
import type { PurchaseOrderDocument } from "./purchase-order-document.server";

/** The purchase order laid out on A4 pages, as the bytes of a PDF file. */
export function layOutPurchaseOrder(document: PurchaseOrderDocument): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(<PurchaseOrderPdf document={document} />);
}

const DAY = new Intl.DateTimeFormat("en-ZA", { dateStyle: "medium", timeZone: "UTC" });
/** A calendar date ("2026-10-12") as "12 Oct 2026". */
function formatDay(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

const money = (cents: number) => formatMoney(cents, { cents: true });

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT, fontSize: 9, padding: 36, color: "#111" },
  header: { flexDirection: "row", justifyContent: "space-between", marginBottom: 18 },
  title: { fontSize: 18, fontWeight: "bold" },
  bold: { fontWeight: "bold" },
  muted: { color: "#555" },
  parties: { flexDirection: "row", gap: 24, marginBottom: 18 },
  party: { flex: 1 },
  heading: { fontSize: 10, fontWeight: "bold", marginBottom: 4 },
  facts: { flexDirection: "row", gap: 24, marginBottom: 18 },
  row: { flexDirection: "row", borderBottomWidth: 0.5, borderColor: "#bbb", paddingVertical: 4 },
  headRow: { borderBottomWidth: 1, borderColor: "#111", fontWeight: "bold" },
  sku: { width: "18%" },
  product: { width: "37%", paddingRight: 6 },
  qty: { width: "11%", textAlign: "right" },
  amount: { width: "17%", textAlign: "right" },
  totals: { marginTop: 10, alignSelf: "flex-end", width: "45%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2 },
  footnote: { marginTop: 18, color: "#555" },
});

function PurchaseOrderPdf({ document: po }: { document: PurchaseOrderDocument }) {
  const { shop, supplier } = po;
  return (
    <Document title={`Purchase order ${po.poNumber}`} author={shop.storeName}>
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View>
            <Text style={styles.title}>Purchase Order</Text>
            <Text style={styles.bold}>{po.poNumber}</Text>
          </View>
          <View>
            <Text style={styles.bold}>{shop.storeName}</Text>
            <Text>{shop.legalName}</Text>
            <Text style={styles.muted}>Registration number {shop.registrationNumber}</Text>
            {shop.vatNumber ? <Text style={styles.muted}>VAT number {shop.vatNumber}</Text> : null}
          </View>
        </View>

        <View style={styles.parties}>
          <View style={styles.party}>
            <Text style={styles.heading}>From</Text>
            <Text>{shop.storeName}</Text>
            <Text>{shop.streetAddress}</Text>
            <Text>{`${shop.town}, ${shop.province}, ${shop.postalCode}`}</Text>
            <Text>{`Phone ${shop.phone}`}</Text>
            <Text>{shop.email}</Text>
          </View>
          <View style={styles.party}>
            <Text style={styles.heading}>Supplier</Text>
            <Text style={styles.bold}>{supplier.name}</Text>
            {supplier.contactPerson ? <Text>{`Attention: ${supplier.contactPerson}`}</Text> : null}
            {supplier.address ? <Text>{supplier.address}</Text> : null}
            {supplier.phone ? <Text>{`Phone ${supplier.phone}`}</Text> : null}
            {supplier.email ? <Text>{supplier.email}</Text> : null}
          </View>
        </View>

        <View style={styles.facts}>
          <Fact label="PO number" value={po.poNumber} />
          <Fact label="Order date" value={formatDay(po.orderDate)} />
          <Fact
            label="Expected date"
            value={po.expectedDate ? formatDay(po.expectedDate) : "Not set"}
          />
          <Fact label="Status" value={PURCHASE_ORDER_STATUS_LABELS[po.status]} />
        </View>

        <View style={[styles.row, styles.headRow]} fixed>
          <Text style={styles.sku}>SKU</Text>
          <Text style={styles.product}>Product and size</Text>
          <Text style={styles.qty}>Quantity</Text>
          <Text style={styles.amount}>Unit cost</Text>
          <Text style={styles.amount}>Line total</Text>
        </View>
        {po.lines.map((line) => (
          <View key={line.sku} style={styles.row} wrap={false}>
            <Text style={styles.sku}>{line.sku}</Text>
            <Text style={styles.product}>{`${line.product}, ${line.size}`}</Text>
            <Text style={styles.qty}>{String(line.quantityOrdered)}</Text>
            <Text style={styles.amount}>{money(line.unitCostCents)}</Text>
            <Text style={styles.amount}>{money(line.lineTotalCents)}</Text>
          </View>
        ))}

        <View style={styles.totals} wrap={false}>
          <View style={styles.totalRow}>
            <Text>Total quantity</Text>
            <Text>{String(po.totalQuantity)}</Text>
          </View>
          <View style={styles.totalRow}>
            <Text style={styles.bold}>Total cost (VAT included)</Text>
            <Text style={styles.bold}>{money(po.totalCostCents)}</Text>
          </View>
        </View>

        {po.notes ? (
          <View style={styles.footnote}>
            <Text style={styles.heading}>Notes</Text>
            <Text>{po.notes}</Text>
          </View>
        ) : null}
        <Text style={styles.footnote}>
          All amounts are in South African rand and include VAT at {VAT_RATE_PERCENT}%. Please quote{" "}
          {po.poNumber} on your delivery note and invoice.
        </Text>
      </Page>
    </Document>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <View>
      <Text style={styles.muted}>{label}</Text>
      <Text style={styles.bold}>{value}</Text>
    </View>
  );
}
