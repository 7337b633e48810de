ALTER TABLE "products" ADD COLUMN "price_size_masks" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Beside variant_prices, price for price, the sizes sold at that price as a bit mask, so that
-- a listing with a price range finds a product's sizes within it in the product's own row
-- instead of reading its variants (decision 006). The rest is as in 0005.
CREATE OR REPLACE FUNCTION products_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand_name text;
  category_name text;
  sizes bed_size[] := '{}';
BEGIN
  SELECT name INTO brand_name FROM brands WHERE id = NEW.brand_id;
  SELECT name INTO category_name FROM categories WHERE id = NEW.category_id;
  -- A new product has no variants yet; the variants' trigger refreshes it when they come.
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(DISTINCT v.size ORDER BY v.size), '{}'), min(v.price_cents)
      INTO sizes, NEW.min_price_cents
      FROM variants v WHERE v.product_id = NEW.id;
    SELECT coalesce(array_agg(per_price.price ORDER BY per_price.price), '{}'),
           coalesce(array_agg(per_price.mask ORDER BY per_price.price), '{}')
      INTO NEW.variant_prices, NEW.price_size_masks
      FROM (
        SELECT v.price_cents AS price,
               bit_or(1 << (array_position(enum_range(NULL::bed_size), v.size) - 1)) AS mask
          FROM variants v WHERE v.product_id = NEW.id
         GROUP BY v.price_cents
      ) per_price;
  ELSE
    NEW.variant_prices := '{}';
    NEW.price_size_masks := '{}';
    NEW.min_price_cents := NULL;
  END IF;
  NEW.size_mask := coalesce(
    (SELECT bit_or(1 << (array_position(enum_range(NULL::bed_size), s) - 1)) FROM unnest(sizes) s),
    0);
  NEW.search_vector :=
    setweight(to_tsvector('english', NEW.title), 'A') ||
    setweight(to_tsvector('english', concat_ws(' ', brand_name, NEW.type, category_name)), 'B') ||
    setweight(to_tsvector('english', replace(array_to_string(sizes, ' '), '-', ' ')), 'C') ||
    setweight(to_tsvector('english', NEW.description), 'D');
  -- An edit's new words join the word list (new products' words: see products_search_words).
  IF TG_OP = 'UPDATE' AND (NEW.title, NEW.type, NEW.description)
     IS DISTINCT FROM (OLD.title, OLD.type, OLD.description) THEN
    INSERT INTO search_words (word)
      SELECT search_words_of(concat_ws(' ', NEW.title, NEW.type, NEW.description))
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Listings without a search still read their filters, sort keys and counts from this index
-- alone (an index-only scan), the sizes within a price range included.
DROP INDEX IF EXISTS products_listing_idx;
--> statement-breakpoint
CREATE INDEX products_listing_idx ON products (status, category_id)
  INCLUDE (id, featured_rank, min_price_cents, rating, review_count, created_at,
           mattress_type, bed_type, comfort_level, brand_id, size_mask, variant_prices,
           price_size_masks, rating_total);
--> statement-breakpoint
UPDATE products SET search_vector = NULL;
