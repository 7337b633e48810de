// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { invoices, storeSettings } from "~/db/schema";
import { placeOrder } from "~/domain/orders/place-order.server";
import * as invoicePage from "~/routes/admin/invoice";
import * as invoicePdf from "~/routes/admin/invoice-pdf";
import * as invoicesPage from "~/routes/admin/invoices";
import * as invoicesExport from "~/routes/admin/invoices-export";
import * as orderPage from "~/routes/store/order";
import * as orderInvoice from "~/routes/store/order-invoice";
import { shopToday, addDays } from "~/lib/dates";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { paidOrder } from "./invoice-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
let staff: string;
let owner: string;
let customer: string;
let paid: Awaited<ReturnType<typeof paidOrder>>;
let paidInvoiceId: number;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "invoice-routes-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  staff = (await signedIn("staff")).cookie;
  owner = (await signedIn("owner")).cookie;
  customer = (await signedIn("customer")).cookie;
  paid = await paidOrder(shop, {
    priceCents: 150_000,
    overrides: { firstName: "Naledi", lastName: "Sithole", email: "naledi@example.com" },
  });
  paidInvoiceId = (
    await db().select().from(invoices).where(eq(invoices.orderId, paid.order.id))
  )[0]!.id;
  // Two invoices sent by staff (made by hand until the back office makes them): one not yet
  // due, one past its due date.
  const today = shopToday();
  for (const [number, dueDate, buyerName] of [
    [900, addDays(today, 14), "Pule Furniture Co-op"],
    [901, addDays(today, -3), "Kgosi Guest House"],
  ] as const) {
    await db()
      .insert(invoices)
      .values({
        number,
        status: "sent",
        issueDate: addDays(today, -30),
        dueDate,
        seller: {
          storeName: "Test Beds",
          legalName: "Test Beds (Pty) Ltd",
          registrationNumber: "2009/000001/07",
          vatNumber: "4123456789",
          addressLines: ["1 Test Street"],
          phone: "018 000 0000",
          email: "shop@test-beds.example",
        },
        buyerName,
        totalCents: 1_150_000,
        vatCents: 150_000,
      });
  }
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Loader = Parameters<typeof routeOutcome>[0];
const load = (module: { loader: unknown }, url: string, cookie?: string, params = {}) =>
  routeOutcome(module.loader as Loader, shopRequest(url, { cookie }), params);

describe("the invoices page", () => {
  it("shows staff and the owner the cards and the list, newest first", async () => {
    for (const cookie of [staff, owner]) {
      const { returned } = await load(invoicesPage, "/admin/invoices", cookie);
      const page = returned as Awaited<ReturnType<typeof invoicesPage.loader>>;
      expect(page.summary).toMatchObject({
        invoicedCents: 2 * 1_150_000 + paid.order.totalCents,
        paidCents: paid.order.totalCents,
        outstandingCents: 2 * 1_150_000,
        overdueCents: 1_150_000,
        overdue: 1,
      });
      expect(page.rows.map((r) => [r.invoiceNumber, r.status])).toEqual([
        ["INV-000901", "overdue"],
        ["INV-000900", "sent"],
        ["INV-000001", "paid"],
      ]);
    }
  });

  it("finds an invoice by its number, its order's number or the customer, and filters overdue", async () => {
    const numbers = async (query: string) => {
      const { returned } = await load(invoicesPage, `/admin/invoices?${query}`, staff);
      return (returned as Awaited<ReturnType<typeof invoicesPage.loader>>).rows.map(
        (r) => r.invoiceNumber,
      );
    };
    expect(await numbers("q=INV-000900")).toEqual(["INV-000900"]);
    expect(await numbers("q=900")).toEqual(["INV-000900"]);
    expect(await numbers(`q=%23${paid.order.number}`)).toEqual(["INV-000001"]);
    expect(await numbers("q=naledi")).toEqual(["INV-000001"]);
    expect(await numbers("q=guest house")).toEqual(["INV-000901"]);
    expect(await numbers("status=overdue")).toEqual(["INV-000901"]);
    expect(await numbers("status=sent")).toEqual(["INV-000900"]);
    expect(await numbers("status=paid")).toEqual(["INV-000001"]);
    expect(await numbers("status=draft")).toEqual([]);
    expect(await numbers("sort=customer&dir=asc")).toEqual([
      "INV-000901",
      "INV-000001",
      "INV-000900",
    ]);
  });

  it("exports what the list shows as CSV", async () => {
    const { returned } = await load(invoicesExport, "/admin/invoices/export?status=overdue", staff);
    const text = await (returned as Response).text();
    expect(text).toContain("Invoice Number,Order,Customer,Issue Date,Due Date,Amount (ZAR),Status");
    expect(text).toContain("INV-000901,,Kgosi Guest House");
    expect(text).toContain("11500.00,Overdue");
    expect(text).not.toContain("INV-000900");
  });

  it("shows an invoice as the customer gets it and downloads its PDF", async () => {
    const params = { id: String(paidInvoiceId) };
    const view = await load(invoicePage, `/admin/invoices/${paidInvoiceId}`, staff, params);
    const d = view.returned as Awaited<ReturnType<typeof invoicePage.loader>>;
    expect(d.document.title).toBe("Tax Invoice");
    expect(d.document.number).toBe("INV-000001");
    const pdf = await load(invoicePdf, `/admin/invoices/${paidInvoiceId}/pdf`, owner, params);
    const response = pdf.returned as Response;
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="INV-000001.pdf"',
    );
    expect(await pdfToText(Buffer.from(await response.arrayBuffer()))).toContain("INV-000001");

    const missing = await load(invoicePage, "/admin/invoices/999999", staff, { id: "999999" });
    expect(statusOf(missing.thrown)).toBe(404);
    const customerView = await load(
      invoicePage,
      `/admin/invoices/${paidInvoiceId}`,
      customer,
      params,
    );
    expect(statusOf(customerView.thrown)).toBe(403);
  });
});

describe("the shopper's order page", () => {
  const url = (number: number, token: string) => `/orders/${number}/invoice?token=${token}`;

  it("offers the invoice of a paid order, with the order's secret link only", async () => {
    const { order } = paid;
    const params = { number: String(order.number) };
    const page = await load(
      orderPage,
      `/orders/${order.number}?token=${order.token}`,
      undefined,
      params,
    );
    const d = page.returned as Awaited<ReturnType<typeof orderPage.loader>>;
    expect(d.invoice).toEqual({
      invoiceNumber: "INV-000001",
      href: `/orders/${order.number}/invoice?token=${encodeURIComponent(order.token)}`,
    });
    const pdf = await load(orderInvoice, url(order.number, order.token), undefined, params);
    expect((pdf.returned as Response).headers.get("content-type")).toBe("application/pdf");
    const wrong = await load(orderInvoice, url(order.number, "wrong"), undefined, params);
    expect(statusOf(wrong.thrown)).toBe(404);
  });

  it("has no invoice while the order is unpaid", async () => {
    const bed = await addVariant(shop, { priceCents: 10_000, stock: 2 });
    const { order } = await placeOrder(checkout([{ variantId: bed.variantId, quantity: 1 }]));
    const params = { number: String(order.number) };
    const page = await load(
      orderPage,
      `/orders/${order.number}?token=${order.token}`,
      undefined,
      params,
    );
    expect((page.returned as { invoice: unknown }).invoice).toBeNull();
    const pdf = await load(orderInvoice, url(order.number, order.token), undefined, params);
    expect(statusOf(pdf.thrown)).toBe(404);
  });
});
