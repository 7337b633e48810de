import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, purchaseOrders, suppliers } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { SUPPLIER_LIST } from "~/domain/purchasing/supplier-list";
import {
  LEAD_TIME_RANGE_MESSAGE,
  LEAD_TIME_WHOLE_MESSAGE,
  supplierSchema,
} from "~/domain/purchasing/supplier-schemas";
import { listSuppliers } from "~/domain/purchasing/suppliers-list.server";
import {
  createSupplier,
  requireActiveSupplier,
  setSupplierActive,
  updateSupplier,
} from "~/domain/purchasing/suppliers.server";
import { insertDemoSuppliers } from "~/db/seed/demo-suppliers.server";
import { EMAIL_MESSAGE, parseForm, REQUIRED_MESSAGE } from "~/lib/forms";
import { readListParams } from "~/lib/list-params";
import { useTestDatabase } from "../../setup/database";
import { signedIn } from "../admin/helpers";
import { insertPurchaseOrder, insertSupplier } from "./purchase-order-fixtures";

useTestDatabase();

let actor: { id: string; email: string };
beforeAll(async () => {
  const { user } = await signedIn("staff");
  actor = { id: user.id, email: user.email };
});
const VALID = {
  name: "Sealy Gauteng",
  contactPerson: "Thandiwe Mokoena",
  leadTimeDays: "14",
  email: "Orders@Sealy.example",
  phone: "011 000 0000",
  address: "1 Factory Road, Germiston",
};

const input = (fields: Partial<typeof VALID> = {}) => {
  const parsed = parseForm(supplierSchema, { ...VALID, ...fields });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.data;
};

const list = (query = "") =>
  listSuppliers({ params: readListParams(SUPPLIER_LIST, new URLSearchParams(query)) });

async function refusal(work: Promise<unknown>): Promise<DomainError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe("the supplier form's rules", () => {
  const cases: [string, Partial<typeof VALID>, string, string | undefined][] = [
    ["a name is required", { name: "  " }, "name", REQUIRED_MESSAGE],
    ["an e-mail must look like one", { email: "orders@sealy" }, "email", EMAIL_MESSAGE],
    ["an e-mail without an at sign", { email: "orders.sealy.example" }, "email", EMAIL_MESSAGE],
    ["the e-mail may be left empty", { email: "" }, "email", undefined],
    ["a lead time of -1 day", { leadTimeDays: "-1" }, "leadTimeDays", LEAD_TIME_RANGE_MESSAGE],
    ["a lead time of 0 days", { leadTimeDays: "0" }, "leadTimeDays", undefined],
    ["a lead time of 365 days", { leadTimeDays: "365" }, "leadTimeDays", undefined],
    ["a lead time of 366 days", { leadTimeDays: "366" }, "leadTimeDays", LEAD_TIME_RANGE_MESSAGE],
    ["a lead time of 1.5 days", { leadTimeDays: "1.5" }, "leadTimeDays", LEAD_TIME_WHOLE_MESSAGE],
    ["a lead time of abc", { leadTimeDays: "abc" }, "leadTimeDays", LEAD_TIME_WHOLE_MESSAGE],
    ["an empty lead time", { leadTimeDays: "" }, "leadTimeDays", REQUIRED_MESSAGE],
    [
      "a lead time too large for any number",
      { leadTimeDays: "99999999999999" },
      "leadTimeDays",
      LEAD_TIME_RANGE_MESSAGE,
    ],
  ];
  for (const [name, fields, field, message] of cases) {
    it(name, () => {
      const parsed = parseForm(supplierSchema, { ...VALID, ...fields });
      if (message === undefined) expect(parsed.ok).toBe(true);
      else expect(parsed.ok ? {} : parsed.fieldErrors).toMatchObject({ [field]: message });
    });
  }

  it("trims the fields, keeps the lead time as a number and the e-mail in lower case", () => {
    expect(input({ name: "  Sealy Gauteng " })).toEqual({
      name: "Sealy Gauteng",
      contactPerson: "Thandiwe Mokoena",
      leadTimeDays: 14,
      email: "orders@sealy.example",
      phone: "011 000 0000",
      address: "1 Factory Road, Germiston",
    });
  });
});

describe("adding and editing suppliers", () => {
  it("adds a supplier and writes the audit log", async () => {
    const created = await createSupplier({ input: input(), actor });
    expect(created).toMatchObject({ name: "Sealy Gauteng", leadTimeDays: 14, active: true });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `supplier:${created.id}`));
    expect(entry).toMatchObject({ action: "supplier_created", actorId: actor.id });
  });

  it("refuses a second supplier with the same name in another case, by the name field", async () => {
    const error = await refusal(
      createSupplier({ input: input({ name: "SEALY gauteng", email: "" }), actor }),
    );
    expect(error.kind).toBe("conflict");
    expect(error.field).toBe("name");
    expect(error.fieldMessage).toBe("Another supplier already has this name.");
    expect(error.message).toBe('A supplier named "SEALY gauteng" already exists.');
    expect(await db().select().from(suppliers)).toHaveLength(1);
  });

  it("edits a supplier, naming each changed field in the audit log", async () => {
    const supplier = await insertSupplier({ name: "Edit Me", leadTimeDays: 10 });
    const result = await updateSupplier({
      id: supplier.id,
      input: input({ name: "Edited Beds", leadTimeDays: "21", email: "" }),
      actor,
    });
    expect(result.changed).toBe(true);
    expect(result.supplier).toMatchObject({ name: "Edited Beds", leadTimeDays: 21, email: "" });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.subject, `supplier:${supplier.id}`),
          eq(auditLog.action, "supplier_updated"),
        ),
      );
    expect(entry!.details).toMatchObject({
      changes: {
        name: { from: "Edit Me", to: "Edited Beds" },
        leadTimeDays: { from: 10, to: 21 },
      },
    });

    const again = await updateSupplier({
      id: supplier.id,
      input: input({ name: "Edited Beds", leadTimeDays: "21", email: "" }),
      actor,
    });
    expect(again.changed).toBe(false);
  });

  it("refuses to rename a supplier to another's name, and keeps its own", async () => {
    const supplier = await insertSupplier({ name: "Rename Me" });
    const error = await refusal(
      updateSupplier({ id: supplier.id, input: input({ name: "edited beds" }), actor }),
    );
    expect(error.field).toBe("name");
    const [row] = await db().select().from(suppliers).where(eq(suppliers.id, supplier.id));
    expect(row!.name).toBe("Rename Me");
  });

  it("a supplier that does not exist cannot be edited", async () => {
    const error = await refusal(updateSupplier({ id: 999_999, input: input(), actor }));
    expect(error.kind).toBe("not_found");
  });
});

describe("deactivating a supplier", () => {
  it("stops new purchase orders until it is reactivated, and each step is audited", async () => {
    const supplier = await insertSupplier({ name: "Seasonal Foam", leadTimeDays: 21 });
    const allowed = await db().transaction((tx) => requireActiveSupplier(tx, supplier.id));
    expect(allowed).toMatchObject({ id: supplier.id, name: "Seasonal Foam", leadTimeDays: 21 });

    const off = await setSupplierActive({ id: supplier.id, active: false, actor });
    expect(off).toMatchObject({ changed: true, supplier: { active: false } });
    const error = await refusal(db().transaction((tx) => requireActiveSupplier(tx, supplier.id)));
    expect(error).toMatchObject({ kind: "conflict", field: "supplierId" });
    expect(error.message).toBe(
      "Seasonal Foam is inactive: reactivate the supplier before ordering from them.",
    );

    await setSupplierActive({ id: supplier.id, active: true, actor });
    await expect(
      db().transaction((tx) => requireActiveSupplier(tx, supplier.id)),
    ).resolves.toMatchObject({ id: supplier.id });
    const entries = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subject, `supplier:${supplier.id}`))
      .orderBy(desc(auditLog.id));
    expect(entries.map((e) => e.action)).toEqual(["supplier_reactivated", "supplier_deactivated"]);
  });

  it("a supplier that does not exist is refused by the supplier field", async () => {
    const error = await refusal(db().transaction((tx) => requireActiveSupplier(tx, 424_242)));
    expect(error).toMatchObject({ kind: "invalid", field: "supplierId" });
  });
});

describe("the suppliers list", () => {
  let counted: { id: number };
  beforeAll(async () => {
    await db().delete(suppliers);
    counted = await insertSupplier({
      name: "Bravo Bedding",
      contactPerson: "Lindiwe Muḓau",
      email: "sales@bravo.example",
      leadTimeDays: 21,
    });
    await insertSupplier({
      name: "alpha Foam",
      contactPerson: "Zanele Dube",
      email: "zanele@alpha.example",
      leadTimeDays: 10,
    });
    await insertSupplier({
      name: "Charlie Springs",
      contactPerson: "Pieter van Wyk",
      email: "pieter@charlie.example",
      leadTimeDays: 14,
      active: false,
    });
    // Bravo: one of each status; only pending, approved and in transit are active orders.
    for (const status of [
      "draft",
      "pending",
      "approved",
      "in_transit",
      "received",
      "cancelled",
    ] as const) {
      await insertPurchaseOrder({ supplierId: counted.id, status });
    }
  });

  const names = async (query = "") => (await list(query)).rows.map((r) => r.name);

  it("counts a supplier's pending, approved and in-transit orders as its active orders", async () => {
    const page = await list();
    const bravo = page.rows.find((r) => r.id === counted.id);
    expect(bravo).toMatchObject({ activeOrders: 3, leadTimeDays: 21, active: true });
    expect(page.rows.find((r) => r.name === "alpha Foam")!.activeOrders).toBe(0);
    expect(page.summary).toEqual({
      total: 3,
      active: 2,
      averageLeadTimeDays: 16,
      activeOrders: 3,
    });
  });

  it("sorts by name whatever the case, A to Z by default", async () => {
    expect(await names()).toEqual(["alpha Foam", "Bravo Bedding", "Charlie Springs"]);
    expect(await names("sort=name&dir=desc")).toEqual([
      "Charlie Springs",
      "Bravo Bedding",
      "alpha Foam",
    ]);
  });

  it("sorts by lead time, active orders, contact person and status", async () => {
    expect(await names("sort=leadTime&dir=asc")).toEqual([
      "alpha Foam",
      "Charlie Springs",
      "Bravo Bedding",
    ]);
    expect((await names("sort=activeOrders&dir=desc"))[0]).toBe("Bravo Bedding");
    expect(await names("sort=contact&dir=asc")).toEqual([
      "Bravo Bedding",
      "Charlie Springs",
      "alpha Foam",
    ]);
    expect((await names("sort=status&dir=desc"))[0]).toBe("Charlie Springs");
  });

  it("searches the name, the contact person and the e-mail", async () => {
    expect(await names("q=foam")).toEqual(["alpha Foam"]);
    expect(await names("q=muḓau")).toEqual(["Bravo Bedding"]);
    expect(await names("q=pieter@")).toEqual(["Charlie Springs"]);
    expect(await names("q=100%")).toEqual([]);
  });

  it("filters active and inactive suppliers", async () => {
    expect(await names("status=inactive")).toEqual(["Charlie Springs"]);
    const active = await list("status=active");
    expect(active.rows.map((r) => r.name)).toEqual(["alpha Foam", "Bravo Bedding"]);
    expect(active.total).toBe(2);
  });
});

describe("the demo suppliers", () => {
  it("are three, ten, fourteen and twenty-one days away, each passing the form's rules, added once", async () => {
    await db().delete(purchaseOrders);
    await db().delete(suppliers);
    await db().transaction((tx) => insertDemoSuppliers(tx));
    await db().transaction((tx) => insertDemoSuppliers(tx));
    const rows = await db().select().from(suppliers).orderBy(suppliers.leadTimeDays);
    expect(rows.map((r) => r.leadTimeDays)).toEqual([10, 14, 21]);
    for (const row of rows) {
      const parsed = parseForm(supplierSchema, { ...row, leadTimeDays: String(row.leadTimeDays) });
      expect(parsed.ok).toBe(true);
      expect(row.active).toBe(true);
    }
  });
});
