import type { SessionUser } from "~/domain/auth/roles";
import {
  createWarehouse,
  deactivateWarehouse,
  reactivateWarehouse,
  renameWarehouse,
  setWarehouseSellsOnline,
} from "~/domain/inventory/manage-warehouses.server";
import {
  createWarehouseSchema,
  renameWarehouseSchema,
  sellsOnlineSchema,
  WAREHOUSE_INTENTS,
  warehouseIdSchema,
  type WarehouseIntent,
} from "~/domain/inventory/warehouse-schemas";
import { attempt, invalid, refused, succeeded } from "~/lib/actions.server";
import { parseForm } from "~/lib/forms";

const isIntent = (value: unknown): value is WarehouseIntent =>
  WAREHOUSE_INTENTS.includes(value as WarehouseIntent);

/** The warehouses page's forms, told apart by `intent`: parse, call one domain function, answer. */
export async function warehouseAction({
  actor,
  formData,
}: {
  actor: SessionUser;
  formData: FormData;
}) {
  const intent = formData.get("intent");
  if (!isIntent(intent)) {
    return refused(
      400,
      { title: "Error", description: "This form is not one of the warehouses page's." },
      formData,
    );
  }
  switch (intent) {
    case "create": {
      const parsed = parseForm(createWarehouseSchema, formData);
      if (!parsed.ok) return invalid(parsed, formData);
      return attempt(formData, async () => {
        const created = await createWarehouse({ ...parsed.data, actor });
        return succeeded(
          "Warehouse Added",
          `${created.name} (${created.code}) is ready to take stock${created.sellsOnline ? " and sells online" : ""}.`,
        );
      });
    }
    case "rename": {
      const parsed = parseForm(renameWarehouseSchema, formData);
      if (!parsed.ok) return invalid(parsed, formData);
      return attempt(formData, async () => {
        const { from, to } = await renameWarehouse({ ...parsed.data, actor });
        return succeeded(
          "Warehouse Renamed",
          from === to ? "The name had not changed." : `${from} is now called ${to}.`,
        );
      });
    }
    case "sells-online": {
      const parsed = parseForm(sellsOnlineSchema, formData);
      if (!parsed.ok) return invalid(parsed, formData);
      return attempt(formData, async () => {
        const { name } = await setWarehouseSellsOnline({ ...parsed.data, actor });
        return succeeded(
          "Warehouse Updated",
          parsed.data.sellsOnline
            ? `The storefront now sells ${name}'s stock.`
            : `The storefront no longer sells ${name}'s stock.`,
        );
      });
    }
    case "deactivate":
    case "reactivate": {
      const parsed = parseForm(warehouseIdSchema, formData);
      if (!parsed.ok) return invalid(parsed, formData);
      return attempt(formData, async () => {
        if (intent === "deactivate") {
          const { name } = await deactivateWarehouse({ ...parsed.data, actor });
          return succeeded("Warehouse Deactivated", `${name} takes no stock until reactivated.`);
        }
        const { name } = await reactivateWarehouse({ ...parsed.data, actor });
        return succeeded("Warehouse Reactivated", `${name} can take stock again.`);
      });
    }
  }
}
