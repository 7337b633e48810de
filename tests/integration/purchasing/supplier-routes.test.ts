// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { eq } from "drizzle-orm";
import { extractText } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { suppliers } from "~/db/schema";
import type { FormActionResult } from "~/lib/forms";
import * as purchaseOrderPdf from "~/routes/admin/purchase-order-pdf";
import * as suppliersPage from "~/routes/admin/suppliers";
import * as suppliersExport from "~/routes/admin/suppliers-export";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import {
  insertPurchaseOrder,
  insertSupplier,
  insertVariant,
  setUpPurchasing,
} from "./purchase-order-fixtures";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };
let purchaseOrderId: number;
let sku: string;

beforeAll(async () => {
  const shop = await setUpPurchasing();
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
  const supplier = await insertSupplier({ name: "Route Supplier", email: "route@example.com" });
  const variant = await insertVariant(shop);
  sku = variant.sku;
  const po = await insertPurchaseOrder({
    supplierId: supplier.id,
    lines: [{ variantId: variant.variantId, quantityOrdered: 3, unitCostCents: 120_000 }],
  });
  purchaseOrderId = po.id;
});

const FORM = {
  intent: "create",
  name: "Restonic Durban",
  contactPerson: "Sipho Ndlovu",
  leadTimeDays: "10",
  email: "sipho@restonic.example",
  phone: "031 000 0000",
  address: "5 Umgeni Road, Durban",
};

/** Posts the suppliers page's form as `cookie` and returns the answer's status and body. */
async function post(fields: Record<string, string>, cookie = cookies.staff) {
  const { returned, thrown } = await routeOutcome(
    suppliersPage.action,
    formRequest("/admin/suppliers", fields, cookie),
    {},
  );
  const answer = returned ?? thrown;
  const body = ((answer as { data?: unknown }).data ?? answer) as FormActionResult;
  return { status: statusOf(answer), body };
}

describe("the suppliers page's action", () => {
  it("adds a supplier for staff: Supplier Added", async () => {
    const { status, body } = await post(FORM);
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: true,
      message: {
        title: "Supplier Added",
        description: "Restonic Durban has been added to your suppliers.",
      },
    });
  });

  it("answers a bad lead time with 400 and the message by the field, keeping what was typed", async () => {
    const { status, body } = await post({ ...FORM, name: "Another", leadTimeDays: "366" });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      ok: false,
      fieldErrors: { leadTimeDays: "The lead time is 0 to 365 days." },
      values: { name: "Another", leadTimeDays: "366" },
    });
  });

  it("answers a duplicate name with 409 and the message by the name, not a 500", async () => {
    const { status, body } = await post({ ...FORM, name: "restonic durban" }, cookies.owner);
    expect(status).toBe(409);
    expect(body).toMatchObject({
      ok: false,
      alert: { title: "Duplicate Supplier" },
      fieldErrors: { name: "Another supplier already has this name." },
    });
  });

  it("edits a supplier for the owner: Supplier Updated", async () => {
    const [row] = await db().select().from(suppliers).where(eq(suppliers.name, "Restonic Durban"));
    const { status, body } = await post(
      { ...FORM, intent: "update", id: String(row!.id), leadTimeDays: "12" },
      cookies.owner,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, message: { title: "Supplier Updated" } });
    const [after] = await db().select().from(suppliers).where(eq(suppliers.id, row!.id));
    expect(after!.leadTimeDays).toBe(12);
  });

  it("deactivates and reactivates a supplier", async () => {
    const [row] = await db().select().from(suppliers).where(eq(suppliers.name, "Restonic Durban"));
    const off = await post({ intent: "deactivate", id: String(row!.id) });
    expect(off.body).toMatchObject({ ok: true, message: { title: "Supplier Deactivated" } });
    const on = await post({ intent: "reactivate", id: String(row!.id) });
    expect(on.body).toMatchObject({ ok: true, message: { title: "Supplier Reactivated" } });
  });

  it("refuses an unknown intent, a missing id and a supplier that does not exist", async () => {
    expect((await post({ intent: "delete", id: "1" })).status).toBe(400);
    expect((await post({ ...FORM, intent: "update" })).status).toBe(400);
    expect((await post({ intent: "deactivate", id: "99999999999" })).status).toBe(400);
    expect((await post({ intent: "deactivate", id: "424242" })).status).toBe(404);
  });

  it("a customer cannot post it", async () => {
    const { status } = await post(FORM, cookies.customer);
    expect(status).toBe(403);
  });
});

describe("the suppliers page and its export", () => {
  it("lists the suppliers for staff and the owner", async () => {
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { returned } = await routeOutcome(
        suppliersPage.loader,
        shopRequest("/admin/suppliers?q=route", { cookie }),
        {},
      );
      const page = returned as Awaited<ReturnType<typeof suppliersPage.loader>>;
      expect(page.rows.map((r) => [r.name, r.activeOrders])).toEqual([["Route Supplier", 1]]);
    }
  });

  it("exports what the list shows as CSV for staff and the owner", async () => {
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { returned } = await routeOutcome(
        suppliersExport.loader,
        shopRequest("/admin/suppliers/export?status=active&q=route", { cookie }),
        {},
      );
      const response = returned as Response;
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const text = await response.text();
      expect(text).toContain("Name,Contact Person,Email,Phone,Address,Lead Time (days)");
      expect(text).toContain("Route Supplier,,route@example.com,,,14,1,active");
      expect(text).not.toContain("Restonic");
    }
  });
});

describe("a purchase order's PDF download", () => {
  it("answers staff and the owner with the PDF as an attachment named by its number", async () => {
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { returned } = await routeOutcome(
        purchaseOrderPdf.loader,
        shopRequest(`/admin/purchase-orders/${purchaseOrderId}/pdf`, { cookie }),
        { id: String(purchaseOrderId) },
      );
      const response = returned as Response;
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="PO-0001.pdf"',
      );
      const { text } = await extractText(new Uint8Array(await response.arrayBuffer()), {
        mergePages: true,
      });
      expect(text).toContain("PO-0001");
      expect(text).toContain(sku);
    }
  });

  it("answers 404 for a purchase order that does not exist or an id that names none", async () => {
    for (const id of ["424242", "abc", "99999999999"]) {
      const { thrown } = await routeOutcome(
        purchaseOrderPdf.loader,
        shopRequest(`/admin/purchase-orders/${id}/pdf`, { cookie: cookies.staff }),
        { id },
      );
      expect(statusOf(thrown)).toBe(404);
    }
  });

  it("sends a customer away with 403 and a visitor to sign in", async () => {
    const path = `/admin/purchase-orders/${purchaseOrderId}/pdf`;
    const params = { id: String(purchaseOrderId) };
    const customer = await routeOutcome(
      purchaseOrderPdf.loader,
      shopRequest(path, { cookie: cookies.customer }),
      params,
    );
    expect(customer.returned).toBeUndefined();
    expect(statusOf(customer.thrown)).toBe(403);
    const visitor = await routeOutcome(purchaseOrderPdf.loader, shopRequest(path), params);
    expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
  });
});
