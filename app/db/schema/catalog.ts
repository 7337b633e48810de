import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** Full-text search document; written only by the database's own trigger. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const productStatus = pgEnum("product_status", ["active", "draft", "archived"]);
export const bedSize = pgEnum("bed_size", [
  "single",
  "three-quarter",
  "double",
  "queen",
  "king",
  "super-king",
]);

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  sortOrder: smallint("sort_order").notNull().default(0),
});

export const brands = pgTable("brands", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    /** Shown as the product's kind, e.g. "Foam Bed" or "Spring Bed". */
    type: text("type").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    brandId: integer("brand_id").references(() => brands.id),
    badge: text("badge"),
    status: productStatus("status").notNull().default("active"),
    isNew: boolean("is_new").notNull().default(false),
    /**
     * Worked out from the product's published reviews only (docs/decisions/048), in the
     * transaction that publishes, rejects or erases one: the average to one decimal, how many,
     * and the sum of their stars (for "Highest Rated"'s Bayesian average).
     */
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    laybyText: text("layby_text").notNull().default(""),
    deliveryText: text("delivery_text").notNull().default(""),
    mattressType: text("mattress_type"),
    bedType: text("bed_type"),
    comfortLevel: text("comfort_level"),
    /** Merchandising order for "Featured" and home-page lists: lower first. */
    featuredRank: integer("featured_rank").notNull().default(1000),
    isBestSeller: boolean("is_best_seller").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // Kept by database triggers (see the search migrations) from the product, its brand,
    // category and variants, so that search and filters read one row per product.
    searchVector: tsvector("search_vector"),
    /** Bit n is set when a variant has the n-th size of `bed_size` (single = bit 0). */
    sizeMask: integer("size_mask").notNull().default(0),
    variantPrices: integer("variant_prices")
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Beside `variantPrices`, price for price: the sizes sold at that price, as a bit mask. */
    priceSizeMasks: integer("price_size_masks")
      .array()
      .notNull()
      .default(sql`'{}'`),
    minPriceCents: integer("min_price_cents"),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId),
    index("products_status_rank_idx").on(t.status, t.featuredRank),
    index("products_search_vector_idx").using("gin", t.searchVector),
    // The back office finds stock by a part of a title or SKU (ILIKE '%…%').
    index("products_title_trgm_idx").using("gin", t.title.op("gin_trgm_ops")),
    check("products_rating_range", sql`${t.rating} >= 0 and ${t.rating} <= 5`),
  ],
);

export const variants = pgTable(
  "variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    size: bedSize("size").notNull(),
    sku: text("sku").notNull().unique(),
    priceCents: integer("price_cents").notNull(),
    originalPriceCents: integer("original_price_cents"),
    costCents: integer("cost_cents"),
    sortOrder: smallint("sort_order").notNull().default(0),
  },
  (t) => [
    index("variants_product_idx").on(t.productId),
    index("variants_sku_trgm_idx").using("gin", t.sku.op("gin_trgm_ops")),
    check("variants_price_positive", sql`${t.priceCents} > 0`),
  ],
);

export const productImages = pgTable(
  "product_images",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Key of the image's files in the media folder (`{key}-{width}.webp`). */
    mediaKey: text("media_key").notNull(),
    alt: text("alt").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: smallint("position").notNull().default(0),
  },
  (t) => [index("product_images_product_idx").on(t.productId, t.position)],
);

/**
 * Every word of the catalogue's titles, types, descriptions, brands, categories and sizes, so
 * that a misspelt search word can be corrected to a word the shop uses. Kept by triggers.
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() }, (t) => [
  index("search_words_trgm_idx").using("gin", t.word.op("gin_trgm_ops")),
]);

/**
 * One row whose number goes up (by triggers, once per transaction, at commit) whenever products,
 * variants, brands or categories change: a listing worked out under an older number is stale.
 */
export const catalogVersion = pgTable(
  "catalog_version",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("catalog_version_one_row", sql`${t.id} = 1`)],
);
