// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../../setup/database";
import { insertStoreSettings } from "../../factories";
import {
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
  type RouteHandler,
} from "./helpers";
import * as layout from "~/routes/admin/layout";
import * as dashboard from "~/routes/admin/dashboard";
import * as productsPage from "~/routes/admin/products";
import * as productNew from "~/routes/admin/product-new";
import * as productEdit from "~/routes/admin/product-edit";
import * as productsExport from "~/routes/admin/products-export";
import * as orders from "~/routes/admin/orders";
import * as ordersExport from "~/routes/admin/orders-export";
import * as order from "~/routes/admin/order";
import * as customersPage from "~/routes/admin/customers";
import * as customersExport from "~/routes/admin/customers-export";
import * as customerPage from "~/routes/admin/customer";
import * as customerSuggestions from "~/routes/admin/customer-suggestions";
import * as team from "~/routes/admin/team";
import * as auditLog from "~/routes/admin/audit-log";
import * as account from "~/routes/admin/account";
import * as notFound from "~/routes/admin/not-found";
import * as warehousesPage from "~/routes/admin/inventory-warehouses";
import * as inventoryPage from "~/routes/admin/inventory";
import * as inventoryExport from "~/routes/admin/inventory-export";
import * as variantSuggestions from "~/routes/admin/variant-suggestions";
import * as inventoryItem from "~/routes/admin/inventory-item";
import * as promotionsPage from "~/routes/admin/promotions";
import * as promotionsExport from "~/routes/admin/promotions-export";
import * as invoicesPage from "~/routes/admin/invoices";
import * as invoicesExport from "~/routes/admin/invoices-export";
import * as invoicePage from "~/routes/admin/invoice";
import * as invoiceNew from "~/routes/admin/invoice-new";
import * as invoiceEdit from "~/routes/admin/invoice-edit";
import * as invoicePdf from "~/routes/admin/invoice-pdf";
import * as creditNotePdf from "~/routes/admin/credit-note-pdf";
import * as suppliersPage from "~/routes/admin/suppliers";
import * as suppliersExport from "~/routes/admin/suppliers-export";
import * as reviewsPage from "~/routes/admin/reviews";
import * as reviewsExport from "~/routes/admin/reviews-export";
import * as mailPreview from "~/routes/admin/settings-mail-preview";
import * as deliveryZonesPage from "~/routes/admin/delivery-zones";
import * as deliveryZonesExport from "~/routes/admin/delivery-zones-export";
import * as deliveriesPage from "~/routes/admin/deliveries";
import * as deliveriesToBook from "~/routes/admin/deliveries-to-book";
import * as myRun from "~/routes/admin/my-run";
import * as myRunSend from "~/routes/admin/my-run-send";
import * as deliveryProofImage from "~/routes/admin/delivery-proof-image";
import * as purchaseOrderPdf from "~/routes/admin/purchase-order-pdf";
import * as purchaseOrders from "~/routes/admin/purchase-orders";
import * as purchaseOrdersExport from "~/routes/admin/purchase-orders-export";
import * as purchaseOrderNew from "~/routes/admin/purchase-order-new";
import * as purchaseOrder from "~/routes/admin/purchase-order";
import * as purchaseOrderEdit from "~/routes/admin/purchase-order-edit";
import * as reviewPhoto from "~/routes/admin/review-photo";
import * as settingsLayout from "~/routes/admin/settings";
import * as settingsGeneral from "~/routes/admin/settings-general";
import * as settingsIntegrations from "~/routes/admin/settings-integrations";

useTestDatabase();

type Handler = RouteHandler;
type Module = { loader?: unknown; action?: unknown };

/** Every admin route module with a URL to ask it on. */
const ROUTES: [string, Module, Record<string, string>][] = [
  ["/admin", layout, {}],
  ["/admin", dashboard, {}],
  ["/admin/products", productsPage, {}],
  ["/admin/products/new", productNew, {}],
  ["/admin/products/1", productEdit, { id: "1" }],
  ["/admin/products/export", productsExport, {}],
  ["/admin/orders", orders, {}],
  ["/admin/orders/export", ordersExport, {}],
  ["/admin/orders/1001", order, { number: "1001" }],
  ["/admin/customers", customersPage, {}],
  ["/admin/customers/export", customersExport, {}],
  ["/admin/customers/g-1001", customerPage, { ref: "g-1001" }],
  ["/admin/customers/suggestions?q=le", customerSuggestions, {}],
  ["/admin/inventory", inventoryPage, {}],
  ["/admin/inventory/export", inventoryExport, {}],
  ["/admin/variants?q=bed", variantSuggestions, {}],
  ["/admin/inventory/1", inventoryItem, { variantId: "1" }],
  ["/admin/team", team, {}],
  ["/admin/audit-log", auditLog, {}],
  ["/admin/account", account, {}],
  ["/admin/anything", notFound, {}],
  ["/admin/inventory/warehouses", warehousesPage, {}],
  ["/admin/promotions", promotionsPage, {}],
  ["/admin/promotions/export", promotionsExport, {}],
  ["/admin/invoices", invoicesPage, {}],
  ["/admin/invoices/export", invoicesExport, {}],
  ["/admin/invoices/new", invoiceNew, {}],
  ["/admin/invoices/1", invoicePage, { id: "1" }],
  ["/admin/invoices/1/edit", invoiceEdit, { id: "1" }],
  ["/admin/invoices/1/pdf", invoicePdf, { id: "1" }],
  ["/admin/credit-notes/1/pdf", creditNotePdf, { id: "1" }],
  ["/admin/suppliers", suppliersPage, {}],
  ["/admin/suppliers/export", suppliersExport, {}],
  ["/admin/reviews", reviewsPage, {}],
  ["/admin/reviews/export", reviewsExport, {}],
  ["/admin/reviews/photos/1", reviewPhoto, { id: "1" }],
  ["/admin/settings/notifications/preview/refund", mailPreview, { kind: "refund" }],
  ["/admin/delivery-zones", deliveryZonesPage, {}],
  ["/admin/delivery-zones/export", deliveryZonesExport, {}],
  ["/admin/deliveries", deliveriesPage, {}],
  ["/admin/deliveries/to-book", deliveriesToBook, {}],
  ["/admin/deliveries/my-run", myRun, {}],
  ["/admin/deliveries/my-run/send", myRunSend, {}],
  ["/admin/orders/1001/proof/signature", deliveryProofImage, { number: "1001", kind: "signature" }],
  ["/admin/purchase-orders/1/pdf", purchaseOrderPdf, { id: "1" }],
  ["/admin/purchase-orders", purchaseOrders, {}],
  ["/admin/purchase-orders/export", purchaseOrdersExport, {}],
  ["/admin/purchase-orders/new", purchaseOrderNew, {}],
  ["/admin/purchase-orders/1", purchaseOrder, { id: "1" }],
  ["/admin/purchase-orders/1/edit", purchaseOrderEdit, { id: "1" }],
  ["/admin/settings", settingsLayout, {}],
  ["/admin/settings", settingsGeneral, {}],
  ["/admin/settings/integrations", settingsIntegrations, {}],
];

const outcome = routeOutcome;

let customerCookie: string;
let staffCookie: string;
beforeAll(async () => {
  await insertStoreSettings();
  customerCookie = (await signedIn("customer")).cookie;
  staffCookie = (await signedIn("staff")).cookie;
});

describe("every admin loader and action checks the role on the server", () => {
  for (const [path, module, params] of ROUTES) {
    for (const kind of ["loader", "action"] as const) {
      const handler = module[kind] as Handler | undefined;
      if (!handler) continue;
      const request = (cookie?: string) =>
        kind === "loader"
          ? shopRequest(path, { cookie })
          : formRequest(path, { intent: "delete", id: "1", userId: "x", role: "owner" }, cookie);

      it(`${kind} of ${path}: signed out goes to the staff sign-in, which returns here`, async () => {
        const { thrown } = await outcome(handler, request(), params);
        expect(thrown).toBeInstanceOf(Response);
        const back = path === "/admin" ? "" : `?next=${encodeURIComponent(path)}`;
        expect((thrown as Response).headers.get("location")).toBe(`/admin-login${back}`);
      });

      it(`${kind} of ${path}: a customer gets 403 and no data`, async () => {
        const result = await outcome(handler, request(customerCookie), params);
        expect(result.returned).toBeUndefined();
        expect(statusOf(result.thrown)).toBe(403);
      });
    }
  }
});

describe("owner-only pages", () => {
  for (const [path, module] of [
    ["/admin/team", team],
    ["/admin/audit-log", auditLog],
  ] as const) {
    it(`${path} refuses staff with 403`, async () => {
      const result = await outcome(
        module.loader as Handler,
        shopRequest(path, { cookie: staffCookie }),
        {},
      );
      expect(statusOf(result.thrown)).toBe(403);
    });
  }
  it("a staff member cannot change roles", async () => {
    const result = await outcome(
      team.action as Handler,
      formRequest("/admin/team", { userId: "someone", role: "owner" }, staffCookie),
      {},
    );
    expect(statusOf(result.thrown)).toBe(403);
  });
});

describe("staff get their data", () => {
  it("the dashboard loader answers staff", async () => {
    const result = await outcome(
      dashboard.loader as Handler,
      shopRequest("/admin", { cookie: staffCookie }),
      {},
    );
    expect(result.returned).toMatchObject({ totalOrders: 0, products: 0 });
  });

  it("the orders and products exports answer staff and the owner with a CSV", async () => {
    const ownerCookie = (await signedIn("owner")).cookie;
    for (const cookie of [staffCookie, ownerCookie]) {
      for (const [path, module, header] of [
        ["/admin/orders/export?status=pending", ordersExport, "Order Number,Customer,Email"],
        ["/admin/products/export?q=bed", productsExport, "SKUs,Product Name,Category"],
      ] as const) {
        const result = await outcome(module.loader as Handler, shopRequest(path, { cookie }), {});
        const response = result.returned as Response;
        expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
        expect(await response.text()).toContain(header);
      }
    }
  });
});

describe("warehouses: staff see and rename them, the owner manages them", () => {
  const page = "/admin/inventory/warehouses";
  const post = (fields: Record<string, string>, cookie: string) =>
    outcome(warehousesPage.action as Handler, formRequest(page, fields, cookie), {});
  const body = (value: unknown) => (value as { data?: unknown }).data ?? value;

  it("shows staff the list without the owner's buttons, and the owner with them", async () => {
    const ownerCookie = (await signedIn("owner")).cookie;
    const created = await post({ intent: "create", name: "Role Room", code: "" }, ownerCookie);
    expect(statusOf(created.returned)).toBe(200);
    expect(body(created.returned)).toMatchObject({
      ok: true,
      message: { title: "Warehouse Added" },
    });

    const asStaff = await outcome(
      warehousesPage.loader as Handler,
      shopRequest(page, { cookie: staffCookie }),
      {},
    );
    expect(asStaff.returned).toMatchObject({
      canManage: false,
      warehouses: [expect.objectContaining({ code: "role-room", sellsOnline: false })],
    });
    const asOwner = await outcome(
      warehousesPage.loader as Handler,
      shopRequest(page, { cookie: ownerCookie }),
      {},
    );
    expect(asOwner.returned).toMatchObject({ canManage: true });
  });

  it("refuses staff adding, switching, deactivating and reactivating with 403; staff may rename", async () => {
    const list = await outcome(
      warehousesPage.loader as Handler,
      shopRequest(page, { cookie: staffCookie }),
      {},
    );
    const { warehouses } = list.returned as { warehouses: { id: number; name: string }[] };
    const warehouseId = String(warehouses[0]!.id);
    const attempts: Record<string, string>[] = [
      { intent: "create", name: "Staff Room", code: "" },
      { intent: "sells-online", warehouseId, sellsOnline: "true" },
      { intent: "deactivate", warehouseId },
      { intent: "reactivate", warehouseId },
    ];
    for (const fields of attempts) {
      const result = await post(fields, staffCookie);
      expect(statusOf(result.returned), fields.intent).toBe(403);
    }
    const renamed = await post({ intent: "rename", warehouseId, name: "Role Room B" }, staffCookie);
    expect(statusOf(renamed.returned)).toBe(200);
    expect(body(renamed.returned)).toMatchObject({
      ok: true,
      message: { title: "Warehouse Renamed" },
    });
  });
});
