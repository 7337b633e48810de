import { z } from "zod";
import { dbIdFieldSchema } from "~/lib/db-ids";

export const WAREHOUSE_NAME_MAX = 60;
export const WAREHOUSE_CODE_MAX = 20;

const warehouseName = z
  .string("Enter the warehouse's name.")
  .trim()
  .min(1, "Enter the warehouse's name.")
  .max(WAREHOUSE_NAME_MAX, `Keep the name to ${WAREHOUSE_NAME_MAX} characters.`);

/** Blank: made from the name. Typed: lower-case letters, digits and single hyphens. */
const warehouseCode = z
  .string("Use lower-case letters, digits and hyphens, e.g. store-room.")
  .trim()
  .toLowerCase()
  .max(WAREHOUSE_CODE_MAX, `Keep the code to ${WAREHOUSE_CODE_MAX} characters.`)
  .regex(
    /^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/,
    "Use lower-case letters, digits and hyphens, e.g. store-room.",
  )
  .default("");

const warehouseId = dbIdFieldSchema("Choose a warehouse.");

/** An unticked box sends nothing: absent is off. */
const checkbox = z
  .literal("on", "Tick the box or leave it empty.")
  .optional()
  .transform((v) => v === "on");

export const createWarehouseSchema = z.object({
  name: warehouseName,
  code: warehouseCode,
  sellsOnline: checkbox,
});
export type CreateWarehouseInput = z.output<typeof createWarehouseSchema>;

export const renameWarehouseSchema = z.object({ warehouseId, name: warehouseName });

export const sellsOnlineSchema = z.object({
  warehouseId,
  sellsOnline: z
    .enum(["true", "false"], "Say whether it sells online.")
    .transform((v) => v === "true"),
});

export const warehouseIdSchema = z.object({ warehouseId });

/** The forms of the warehouses page, told apart by their `intent` field. */
export const WAREHOUSE_INTENTS = [
  "create",
  "rename",
  "sells-online",
  "deactivate",
  "reactivate",
] as const;
export type WarehouseIntent = (typeof WAREHOUSE_INTENTS)[number];

/** A code made from a name: "Store Room 2" gives "store-room-2". */
export function codeFromName(name: string): string {
  const code = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2019]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, WAREHOUSE_CODE_MAX)
    .replace(/-+$/, "");
  return code || "warehouse";
}
