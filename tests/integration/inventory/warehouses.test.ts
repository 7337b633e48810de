import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, stockLevels, warehouses } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError } from "~/domain/errors";
import { listWarehouses } from "~/domain/inventory/list-warehouses.server";
import {
  createWarehouse,
  deactivateWarehouse,
  reactivateWarehouse,
  renameWarehouse,
  setWarehouseSellsOnline,
} from "~/domain/inventory/manage-warehouses.server";
import { useTestDatabase } from "../../setup/database";
import { addBed, addPerson, levelOf, moveStock, setUpWarehouses } from "./warehouse-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpWarehouses>>;
let owner: SessionUser;
let staff: SessionUser;
let bed: Awaited<ReturnType<typeof addBed>>;

beforeAll(async () => {
  shop = await setUpWarehouses();
  owner = await addPerson("owner");
  staff = await addPerson("staff");
  bed = await addBed(shop.categoryId);
  await moveStock(bed.variantId, shop.showroom, 7);
  await moveStock(bed.variantId, shop.storeRoom, 3);
});

async function refusal(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("It was not refused.");
}

const auditOf = async (action: string) =>
  db().select().from(auditLog).where(eq(auditLog.action, action));

describe("the warehouses list", () => {
  it("shows each warehouse's units on hand and variants held, the default first", async () => {
    const rows = await listWarehouses();
    expect(rows[0]).toMatchObject({
      id: shop.showroom,
      isDefault: true,
      onHand: 7,
      variantsHeld: 1,
    });
    expect(rows.find((w) => w.id === shop.storeRoom)).toMatchObject({
      onHand: 3,
      reserved: 0,
      variantsHeld: 1,
      sellsOnline: true,
      active: true,
    });
    expect(rows.find((w) => w.id === shop.workshop)).toMatchObject({
      onHand: 0,
      variantsHeld: 0,
      sellsOnline: false,
    });
  });
});

describe("adding a warehouse", () => {
  it("makes the code from the name, a free one when it is taken, and audits it", async () => {
    const first = await createWarehouse({
      name: "Back Yard & Shed",
      code: "",
      sellsOnline: false,
      actor: owner,
    });
    expect(first).toMatchObject({ code: "back-yard-and-shed", active: true, sellsOnline: false });
    const second = await createWarehouse({
      name: "Back-yard and shed",
      code: "",
      sellsOnline: true,
      actor: owner,
    });
    expect(second.code).toBe("back-yard-and-shed-2");
    const audits = await auditOf("warehouse_created");
    expect(audits.map((a) => a.subject)).toEqual([
      "warehouse:back-yard-and-shed",
      "warehouse:back-yard-and-shed-2",
    ]);
    expect(audits[0]!.actorEmail).toBe(owner.email);
  });

  it("refuses a taken code and a taken name by their fields", async () => {
    const code = await refusal(
      createWarehouse({
        name: "Garage",
        code: "back-yard-and-shed",
        sellsOnline: true,
        actor: owner,
      }),
    );
    expect(code).toMatchObject({ kind: "conflict", field: "code" });
    expect(code.message).toBe("The code back-yard-and-shed is taken. Choose another.");
    const name = await refusal(
      createWarehouse({ name: "back yard & SHED", code: "other", sellsOnline: true, actor: owner }),
    );
    expect(name).toMatchObject({ kind: "conflict", field: "name" });
  });

  it("is the owner's: staff are refused and nothing is added", async () => {
    const before = (await db().select().from(warehouses)).length;
    const error = await refusal(
      createWarehouse({ name: "Staff Room", code: "", sellsOnline: true, actor: staff }),
    );
    expect(error.kind).toBe("forbidden");
    expect((await db().select().from(warehouses)).length).toBe(before);
  });
});

describe("renaming", () => {
  it("lets staff rename a warehouse, keeps its code and audits from and to", async () => {
    const result = await renameWarehouse({
      warehouseId: shop.workshop,
      name: "Repair workshop",
      actor: staff,
    });
    expect(result.to).toBe("Repair workshop");
    const [row] = await db().select().from(warehouses).where(eq(warehouses.id, shop.workshop));
    expect(row).toMatchObject({
      name: "Repair workshop",
      code: expect.stringMatching(/^workshop-/),
    });
    const [audit] = await auditOf("warehouse_renamed");
    expect(audit!.details).toMatchObject({ to: "Repair workshop" });
  });

  it("refuses another warehouse's name and an unknown warehouse", async () => {
    const [showroom] = await db().select().from(warehouses).where(eq(warehouses.id, shop.showroom));
    const taken = await refusal(
      renameWarehouse({ warehouseId: shop.workshop, name: showroom!.name, actor: staff }),
    );
    expect(taken).toMatchObject({ kind: "conflict", field: "name" });
    const missing = await refusal(
      renameWarehouse({ warehouseId: 999_999, name: "Nowhere", actor: staff }),
    );
    expect(missing.kind).toBe("not_found");
  });
});

describe("selling online", () => {
  it("is switched by the owner and audited; staff are refused", async () => {
    expect(
      await setWarehouseSellsOnline({
        warehouseId: shop.storeRoom,
        sellsOnline: false,
        actor: owner,
      }),
    ).toMatchObject({ changed: true });
    const staffTry = await refusal(
      setWarehouseSellsOnline({ warehouseId: shop.storeRoom, sellsOnline: true, actor: staff }),
    );
    expect(staffTry.kind).toBe("forbidden");
    await setWarehouseSellsOnline({ warehouseId: shop.storeRoom, sellsOnline: true, actor: owner });
    const audits = await auditOf("warehouse_sells_online_changed");
    expect(audits.map((a) => a.details)).toEqual([
      { from: true, to: false },
      { from: false, to: true },
    ]);
  });
});

describe("deactivating", () => {
  it("refuses the default warehouse", async () => {
    const error = await refusal(deactivateWarehouse({ warehouseId: shop.showroom, actor: owner }));
    expect(error.kind).toBe("conflict");
    expect(error.message).toMatch(/is the default warehouse/);
  });

  it("refuses a warehouse that holds stock, saying how much, and changes nothing", async () => {
    const error = await refusal(deactivateWarehouse({ warehouseId: shop.storeRoom, actor: owner }));
    expect(error.message).toMatch(/still holds 3 units\. Transfer or adjust its stock to zero/);
    const [row] = await db().select().from(warehouses).where(eq(warehouses.id, shop.storeRoom));
    expect(row!.active).toBe(true);
    expect(await auditOf("warehouse_deactivated")).toEqual([]);
  });

  it("says how much of the stock is reserved for orders", async () => {
    await db()
      .update(stockLevels)
      .set({ reserved: 2 })
      .where(eq(stockLevels.warehouseId, shop.storeRoom));
    const error = await refusal(deactivateWarehouse({ warehouseId: shop.storeRoom, actor: owner }));
    expect(error.message).toMatch(/still holds 3 units \(2 reserved for orders\)/);
    await db()
      .update(stockLevels)
      .set({ reserved: 0 })
      .where(eq(stockLevels.warehouseId, shop.storeRoom));
  });

  it("deactivates an emptied warehouse, which then takes no stock until reactivated", async () => {
    await moveStock(bed.variantId, shop.storeRoom, -3);
    expect(await deactivateWarehouse({ warehouseId: shop.storeRoom, actor: owner })).toMatchObject({
      changed: true,
    });
    const refused = await refusal(moveStock(bed.variantId, shop.storeRoom, 2));
    expect(refused).toMatchObject({ kind: "invalid", field: "warehouseId" });
    expect((await levelOf(bed.variantId, shop.storeRoom))!.onHand).toBe(0);

    const staffTry = await refusal(
      reactivateWarehouse({ warehouseId: shop.storeRoom, actor: staff }),
    );
    expect(staffTry.kind).toBe("forbidden");
    await reactivateWarehouse({ warehouseId: shop.storeRoom, actor: owner });
    await moveStock(bed.variantId, shop.storeRoom, 2);
    expect((await levelOf(bed.variantId, shop.storeRoom))!.onHand).toBe(2);
    expect((await auditOf("warehouse_deactivated")).length).toBe(1);
    expect((await auditOf("warehouse_reactivated")).length).toBe(1);
  });

  it("never leaves an inactive warehouse holding stock when a receipt races the deactivation", async () => {
    for (let round = 0; round < 8; round++) {
      const target = await createWarehouse({
        name: `Race room ${round}`,
        code: "",
        sellsOnline: true,
        actor: owner,
      });
      // The level exists already (emptied), as it does for a warehouse that once held stock.
      await moveStock(bed.variantId, target.id, 1);
      await moveStock(bed.variantId, target.id, -1);
      const [receipt, deactivation] = await Promise.allSettled([
        moveStock(bed.variantId, target.id, 4, "purchase_receipt"),
        deactivateWarehouse({ warehouseId: target.id, actor: owner }),
      ]);
      const [row] = await db().select().from(warehouses).where(eq(warehouses.id, target.id));
      const onHand = (await levelOf(bed.variantId, target.id))?.onHand ?? 0;
      if (row!.active) {
        expect(deactivation.status).toBe("rejected");
        expect(onHand).toBe(4);
      } else {
        expect(receipt.status).toBe("rejected");
        expect(onHand).toBe(0);
      }
    }
  });
});
