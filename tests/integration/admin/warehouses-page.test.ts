// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { warehouses } from "~/db/schema";
import * as warehousesPage from "~/routes/admin/inventory-warehouses";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import { formRequest, routeOutcome, signedIn, statusOf, type RouteHandler } from "./helpers";

useTestDatabase();

const page = "/admin/inventory/warehouses";
let ownerCookie: string;
let mainId: string;

beforeAll(async () => {
  await insertStoreSettings();
  ownerCookie = (await signedIn("owner")).cookie;
  const [main] = await db()
    .insert(warehouses)
    .values({ code: "main", name: "Showroom", isDefault: true })
    .returning();
  mainId = String(main!.id);
});

async function post(fields: Record<string, string>, cookie = ownerCookie) {
  const { returned, thrown } = await routeOutcome(
    warehousesPage.action as RouteHandler,
    formRequest(page, fields, cookie),
    {},
  );
  if (thrown) throw thrown;
  return { status: statusOf(returned), body: (returned as { data?: unknown }).data ?? returned };
}

describe("the warehouses page's forms", () => {
  it("answer bad input with 400 and a message by the field", async () => {
    expect(await post({ intent: "create", name: " ", code: "" })).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { name: "Enter the warehouse's name." } },
    });
    expect(await post({ intent: "create", name: "Yard", code: "Yard Two!" })).toMatchObject({
      status: 400,
      body: {
        fieldErrors: { code: "Use lower-case letters, digits and hyphens, e.g. store-room." },
        values: { name: "Yard", code: "Yard Two!" },
      },
    });
    expect(await post({ intent: "create", name: "x".repeat(61) })).toMatchObject({
      status: 400,
      body: { fieldErrors: { name: "Keep the name to 60 characters." } },
    });
    expect(await post({ intent: "rename", warehouseId: "abc", name: "Yard" })).toMatchObject({
      status: 400,
      body: { fieldErrors: { warehouseId: "Choose a warehouse." } },
    });
    expect(
      await post({ intent: "sells-online", warehouseId: mainId, sellsOnline: "maybe" }),
    ).toMatchObject({
      status: 400,
    });
    expect(await post({ intent: "explode" })).toMatchObject({ status: 400 });
    expect(await post({})).toMatchObject({ status: 400 });
  });

  it("turn a taken code into 409 by its field and an unknown warehouse into 404", async () => {
    expect(await post({ intent: "create", name: "Other", code: "main" })).toMatchObject({
      status: 409,
      body: { fieldErrors: { code: "The code main is taken. Choose another." } },
    });
    expect(await post({ intent: "deactivate", warehouseId: "99999" })).toMatchObject({
      status: 404,
    });
  });

  it("refuse to deactivate the default warehouse with a notice that says why", async () => {
    expect(await post({ intent: "deactivate", warehouseId: mainId })).toMatchObject({
      status: 409,
      body: {
        ok: false,
        alert: {
          title: "Warehouse Not Deactivated",
          description: expect.stringMatching(/^Showroom is the default warehouse/),
        },
      },
    });
  });

  it("add, switch, deactivate and reactivate a warehouse with notices after saving", async () => {
    expect(
      await post({ intent: "create", name: "Yard", code: "", sellsOnline: "on" }),
    ).toMatchObject({
      status: 200,
      body: {
        ok: true,
        message: {
          title: "Warehouse Added",
          description: "Yard (yard) is ready to take stock and sells online.",
        },
      },
    });
    const rows = await db().select().from(warehouses);
    const yard = String(rows.find((w) => w.code === "yard")!.id);
    expect(
      await post({ intent: "sells-online", warehouseId: yard, sellsOnline: "false" }),
    ).toMatchObject({
      body: { message: { description: "The storefront no longer sells Yard's stock." } },
    });
    expect(await post({ intent: "deactivate", warehouseId: yard })).toMatchObject({
      body: { message: { title: "Warehouse Deactivated" } },
    });
    expect(await post({ intent: "reactivate", warehouseId: yard })).toMatchObject({
      body: { message: { title: "Warehouse Reactivated" } },
    });
  });
});
