import { z } from "zod";
import { SIZE_LABELS, type BedSize } from "~/domain/catalog/product-card";
import { dbIdFieldSchema, parseDbId } from "~/lib/db-ids";
import { amountAt, type AmountRules } from "~/lib/amount-field";

export const PRODUCT_STATUSES = ["active", "draft", "archived"] as const;
export const BED_SIZES = Object.keys(SIZE_LABELS) as BedSize[];
/** The specification's badges. */
export const BADGES = [
  "BESTSELLER",
  "SALE",
  "FEATURED",
  "COMBO DEAL",
  "LUXURY",
  "VALUE",
  "COMFORT",
  "STORAGE",
  "ZONED",
  "PREMIUM",
  "POPULAR",
  "TECH",
] as const;

const optionalText = (max: number) => z.string().trim().max(max, "This is too long.").default("");
/** A facet value such as a mattress type, or none. */
const optionalChoice = z
  .string()
  .max(80, "This is too long.")
  .optional()
  .transform((v) => v || null);

type VariantInput = {
  size: BedSize;
  sku: string;
  priceCents: number;
  originalPriceCents: number | null;
  costCents: number | null;
};

/**
 * The product form: one row per bed size (a row is offered when its SKU or price is filled),
 * with the specification's messages: "Title is required", "SKU is required", "Price is required".
 */
export const productFormSchema = z
  .object({
    // Checked in the transform below, so that the sizes' messages show at the same time.
    title: z.string().trim().max(200, "This is too long.").default(""),
    description: optionalText(5000),
    categoryId: dbIdFieldSchema("Category is required"),
    brandId: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return null;
        const id = parseDbId(v);
        if (id === null) ctx.addIssue({ code: "custom", message: "Choose a brand from the list." });
        return id;
      }),
    status: z.enum(PRODUCT_STATUSES).default("active"),
    type: optionalText(80),
    badge: z
      .string()
      .optional()
      .transform((v) => (v && (BADGES as readonly string[]).includes(v) ? v : null)),
    isNew: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    mattressType: optionalChoice,
    bedType: optionalChoice,
    comfortLevel: optionalChoice,
    laybyText: optionalText(300),
    deliveryText: optionalText(300),
  })
  .passthrough()
  .transform((input, ctx) => {
    const fields = input as Record<string, unknown>;
    const text = (key: string) => String(fields[key] ?? "").trim();
    if (!input.title)
      ctx.addIssue({ code: "custom", path: ["title"], message: "Title is required" });
    const variants: VariantInput[] = [];
    for (const size of BED_SIZES) {
      const at = (name: string) => `variants.${size}.${name}`;
      const sku = text(at("sku"));
      const price = text(at("price"));
      if (!sku && !price) continue;
      if (!sku) ctx.addIssue({ code: "custom", path: [at("sku")], message: "SKU is required" });
      else if (sku.length > 64)
        ctx.addIssue({ code: "custom", path: [at("sku")], message: "This is too long." });
      const amount = (name: string, rules: AmountRules) =>
        amountAt(ctx, at(name), text(at(name)), rules);
      const priceCents = amount("price", { required: "Price is required", min: 1 });
      variants.push({
        size,
        sku: sku.toUpperCase(),
        priceCents: priceCents ?? 0,
        originalPriceCents: amount("originalPrice", {}),
        costCents: amount("cost", {}),
      });
    }
    if (variants.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["variants"],
        message: "SKU is required: give at least one size its SKU and price.",
      });
    }
    const skus = variants.map((v) => v.sku);
    skus.forEach((sku, i) => {
      if (sku && skus.indexOf(sku) !== i) {
        ctx.addIssue({
          code: "custom",
          path: [`variants.${variants[i]!.size}.sku`],
          message: "Each size needs its own SKU",
        });
      }
    });
    return {
      title: input.title,
      description: input.description,
      categoryId: input.categoryId,
      brandId: input.brandId,
      status: input.status,
      type: input.type,
      badge: input.badge,
      isNew: input.isNew,
      mattressType: input.mattressType,
      bedType: input.bedType,
      comfortLevel: input.comfortLevel,
      laybyText: input.laybyText,
      deliveryText: input.deliveryText,
      variants,
    };
  });

export type ProductFormInput = z.output<typeof productFormSchema>;
