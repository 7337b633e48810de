// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { purchaseOrderLines, purchaseOrders } from "~/db/schema";
import type { FormActionResult } from "~/lib/forms";
import * as detailPage from "~/routes/admin/purchase-order";
import * as editPage from "~/routes/admin/purchase-order-edit";
import * as newPage from "~/routes/admin/purchase-order-new";
import * as variantsRoute from "~/routes/admin/variant-suggestions";
import * as listPage from "~/routes/admin/purchase-orders";
import * as exportRoute from "~/routes/admin/purchase-orders-export";
import { AMOUNT_MESSAGE } from "~/lib/money";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
  type RouteHandler,
} from "../admin/helpers";
import { insertBed, lineFields, onHand, setUpPurchaseOrders } from "./purchase-order-setup";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };
let shop: Awaited<ReturnType<typeof setUpPurchaseOrders>>;
let bed: Awaited<ReturnType<typeof insertBed>>;

beforeAll(async () => {
  shop = await setUpPurchaseOrders();
  bed = await insertBed({
    categoryId: shop.categoryId,
    costCents: 150_000,
    title: "Cloud Nine Bed",
  });
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
});

/** An answer's status and body, whether it was returned or thrown. */
async function answer(handler: unknown, request: Request, params: Record<string, string> = {}) {
  const { returned, thrown } = await routeOutcome(handler, request, params);
  const value = returned ?? thrown;
  const body = ((value as { data?: unknown })?.data ?? value) as FormActionResult & { to?: string };
  return { status: statusOf(value), body, returned, thrown };
}

const createFields = (extra: Record<string, string> = {}) => ({
  supplierId: String(shop.supplier.id),
  notes: "",
  ...lineFields([[bed.sku, 4]]),
  ...extra,
});

async function createViaPage(cookie: string, extra: Record<string, string> = {}) {
  const r = await answer(
    newPage.action,
    formRequest("/admin/purchase-orders/new", createFields(extra), cookie),
  );
  expect(r.status).toBe(200);
  return Number(r.body.to!.split("/").at(-1));
}

const post = (id: number, fields: Record<string, string>, cookie = cookies.staff) =>
  answer(detailPage.action, formRequest(`/admin/purchase-orders/${id}`, fields, cookie), {
    id: String(id),
  });

describe("creating from the new page", () => {
  it("creates a draft and answers where it is, for staff and the owner", async () => {
    for (const cookie of [cookies.staff, cookies.owner]) {
      const r = await answer(
        newPage.action,
        formRequest("/admin/purchase-orders/new", createFields(), cookie),
      );
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        ok: true,
        message: {
          title: "Purchase Order Created",
          description: expect.stringMatching(/^PO-\d{4} is saved as a draft\.$/),
        },
        to: expect.stringMatching(/^\/admin\/purchase-orders\/\d+$/),
      });
    }
  });

  it("answers bad input with 400 and messages by the fields, keeping what was typed", async () => {
    const r = await answer(
      newPage.action,
      formRequest(
        "/admin/purchase-orders/new",
        {
          supplierId: "",
          ...lineFields([
            [bed.sku, 1],
            [bed.sku, 2, "abc"],
          ]),
        },
        cookies.staff,
      ),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      ok: false,
      fieldErrors: {
        supplierId: "Choose a supplier.",
        "lines.1.sku": `${bed.sku} is already on line 1.`,
        "lines.1.unitCost": AMOUNT_MESSAGE,
      },
      values: { "lines.1.unitCost": "abc" },
    });
  });

  it("answers an unknown SKU with 400 by its line", async () => {
    const r = await answer(
      newPage.action,
      formRequest(
        "/admin/purchase-orders/new",
        createFields(lineFields([["NOPE-1", 1]])),
        cookies.staff,
      ),
    );
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({
      fieldErrors: { "lines.0.sku": "No product has the SKU NOPE-1." },
    });
  });

  it("offers only active suppliers and today's date", async () => {
    const r = await answer(
      newPage.loader,
      shopRequest("/admin/purchase-orders/new", { cookie: cookies.staff }),
    );
    const data = r.returned as Awaited<ReturnType<typeof newPage.loader>>;
    expect(data.suppliers).toEqual([
      { id: shop.supplier.id, name: shop.supplier.name, leadTimeDays: 14 },
    ]);
    expect(data.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("suggests variants by SKU or product name", async () => {
    for (const q of [bed.sku.slice(0, 6).toLowerCase(), "cloud nine"]) {
      const r = await answer(
        variantsRoute.loader,
        shopRequest(`/admin/variants?q=${encodeURIComponent(q)}`, {
          cookie: cookies.staff,
        }),
      );
      const body = (await (r.returned as Response).json()) as { variants: { sku: string }[] };
      expect(body.variants.map((v) => v.sku)).toContain(bed.sku);
    }
  });
});

describe("the detail page's actions", () => {
  it("walks a purchase order through its statuses and receives it in two parts", async () => {
    const id = await createViaPage(cookies.staff);
    expect((await post(id, { intent: "submit" })).body).toMatchObject({
      ok: true,
      message: { title: "Submitted for Approval" },
    });
    expect((await post(id, { intent: "approve" }, cookies.owner)).body).toMatchObject({
      message: { title: "Purchase Order Approved" },
    });
    const [line] = await db()
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id));
    const field = `receive.${line!.id}`;

    const first = await post(id, {
      intent: "receive",
      warehouseId: String(shop.showroom.id),
      [field]: "1",
    });
    expect(first.body).toMatchObject({
      ok: true,
      message: { title: "Goods Received", description: expect.stringContaining("3 units of PO-") },
    });
    const over = await post(id, {
      intent: "receive",
      warehouseId: String(shop.showroom.id),
      [field]: "4",
    });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      fieldErrors: { [field]: `${bed.sku}: only 3 of 4 still to come; 4 is more than that.` },
    });
    const none = await post(id, {
      intent: "receive",
      warehouseId: String(shop.showroom.id),
      [field]: "0",
    });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      fieldErrors: { receive: "Enter how many units came in on at least one line." },
    });
    const last = await post(id, {
      intent: "receive",
      warehouseId: String(shop.showroom.id),
      [field]: "3",
    });
    expect(last.body).toMatchObject({
      message: { description: expect.stringContaining("is received in full") },
    });
    expect(await onHand(bed.id, shop.showroom.id)).toBe(4);

    const page = await answer(
      detailPage.loader,
      shopRequest(`/admin/purchase-orders/${id}`, { cookie: cookies.staff }),
      { id: String(id) },
    );
    const data = page.returned as Awaited<ReturnType<typeof detailPage.loader>>;
    expect(data.order.status).toBe("received");
    expect(data.events.map((e) => e.type)).toEqual([
      "created",
      "submitted",
      "approved",
      "received_part",
      "received_all",
    ]);
  });

  it("answers a stale or forged step with 409 and changes nothing", async () => {
    const id = await createViaPage(cookies.staff);
    for (const intent of ["approve", "mark_in_transit", "receive"]) {
      const r = await post(id, { intent, warehouseId: String(shop.showroom.id), "receive.1": "1" });
      expect(r.status, intent).toBe(409);
    }
    await post(id, { intent: "cancel" });
    const again = await post(id, { intent: "cancel" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      alert: { description: expect.stringContaining("is cancelled: it cannot be cancelled") },
    });
    const send = await post(id, { intent: "send" });
    expect(send.status).toBe(409);
    const [row] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
    expect(row!.status).toBe("cancelled");
  });

  it("answers an unknown intent with 400 and a purchase order that does not exist with 404", async () => {
    const id = await createViaPage(cookies.staff);
    expect((await post(id, { intent: "delete" })).status).toBe(400);
    expect((await post(424242, { intent: "approve" })).status).toBe(404);
    const missing = await answer(
      detailPage.loader,
      shopRequest("/admin/purchase-orders/424242", { cookie: cookies.staff }),
      { id: "424242" },
    );
    expect(missing.status).toBe(404);
    const badId = await answer(
      detailPage.loader,
      shopRequest("/admin/purchase-orders/abc", { cookie: cookies.staff }),
      { id: "abc" },
    );
    expect(badId.status).toBe(404);
  });

  it("edits a draft's lines, and refuses the edit page once it is submitted", async () => {
    const id = await createViaPage(cookies.staff);
    const params = { id: String(id) };
    const edit = await answer(
      editPage.action,
      formRequest(
        `/admin/purchase-orders/${id}/edit`,
        createFields({ ...lineFields([[bed.sku, 9, "1400"]]), intent: "submit" }),
        cookies.staff,
      ),
      params,
    );
    expect(edit.body).toMatchObject({ ok: true, message: { title: "Purchase Order Updated" } });
    const [line] = await db()
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.purchaseOrderId, id));
    expect([line!.quantityOrdered, line!.unitCostCents]).toEqual([9, 140_000]);
    const page = await answer(
      editPage.loader,
      shopRequest(`/admin/purchase-orders/${id}/edit`, { cookie: cookies.staff }),
      params,
    );
    expect(page.status).toBe(409);
    const late = await answer(
      editPage.action,
      formRequest(`/admin/purchase-orders/${id}/edit`, createFields(), cookies.staff),
      params,
    );
    expect(late.status).toBe(409);
  });
});

describe("the list and its export", () => {
  it("searches by PO number or supplier and filters by status", async () => {
    const id = await createViaPage(cookies.owner, { intent: "submit" });
    const [row] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
    const poNumber = `PO-${String(row!.number).padStart(4, "0")}`;
    const list = async (query: string) => {
      const r = await answer(
        listPage.loader,
        shopRequest(`/admin/purchase-orders${query}`, { cookie: cookies.staff }),
      );
      return r.returned as Awaited<ReturnType<typeof listPage.loader>>;
    };
    const byNumber = await list(`?q=${poNumber}`);
    expect(byNumber.rows.map((r) => r.poNumber)).toEqual([poNumber]);
    expect(byNumber.rows[0]).toMatchObject({
      supplier: shop.supplier.name,
      items: 1,
      totalQuantity: 4,
      status: "pending",
    });
    expect(byNumber.rows[0]!.createdBy).toEqual(expect.any(String));
    const bySupplier = await list(
      `?q=${encodeURIComponent(shop.supplier.name.toLowerCase())}&status=pending`,
    );
    expect(bySupplier.rows.map((r) => r.status)).toEqual(bySupplier.rows.map(() => "pending"));
    expect(bySupplier.rows.map((r) => r.poNumber)).toContain(poNumber);
    expect((await list("?q=nobody-sells-this")).rows).toEqual([]);
    expect(byNumber.summary.pending).toBeGreaterThanOrEqual(1);

    const csv = await answer(
      exportRoute.loader,
      shopRequest(`/admin/purchase-orders/export?q=${poNumber}`, { cookie: cookies.owner }),
    );
    const text = await (csv.returned as Response).text();
    expect(text).toContain(
      "PO Number,Supplier,Order Date,Expected Date,Items,Total Quantity,Total (ZAR),Status,Created By",
    );
    expect(text).toContain(`${poNumber},${shop.supplier.name},`);
    expect(text).toContain(",1,4,6000.00,Pending,");
  });
});

describe("who may use the purchase order pages", () => {
  const routes: [string, { loader?: unknown; action?: unknown }, Record<string, string>][] = [
    ["/admin/purchase-orders", listPage, {}],
    ["/admin/purchase-orders/new", newPage, {}],
    ["/admin/purchase-orders/export", exportRoute, {}],
    ["/admin/variants?q=po", variantsRoute, {}],
    ["/admin/purchase-orders/1", detailPage, { id: "1" }],
    ["/admin/purchase-orders/1/edit", editPage, { id: "1" }],
  ];
  for (const [path, module, params] of routes) {
    for (const kind of ["loader", "action"] as const) {
      const handler = module[kind] as RouteHandler | undefined;
      if (!handler) continue;
      const request = (cookie?: string) =>
        kind === "loader"
          ? shopRequest(path, { cookie })
          : formRequest(path, { intent: "approve", ...createFields() }, cookie);
      it(`${kind} of ${path}: signed out goes to the staff sign-in, a customer gets 403`, async () => {
        const visitor = await routeOutcome(handler, request(), params);
        expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
        const customer = await routeOutcome(handler, request(cookies.customer), params);
        expect(customer.returned).toBeUndefined();
        expect(statusOf(customer.thrown)).toBe(403);
      });
      it(`${kind} of ${path}: staff and the owner get in`, async () => {
        for (const cookie of [cookies.staff, cookies.owner]) {
          const r = await routeOutcome(handler, request(cookie), params);
          // In: answered (200, or a refusal of this request's content), never sent away.
          expect([200, 400, 404, 409]).toContain(statusOf(r.returned ?? r.thrown));
          expect(statusOf(r.returned ?? r.thrown)).not.toBe(403);
        }
      });
    }
  }
});
