-- Sizes become a bit mask (bit n: the n-th size of bed_size), which filters and counts far
-- faster than an array; the rest of the search document is as before.
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
    SELECT coalesce(array_agg(DISTINCT v.size ORDER BY v.size), '{}'),
           coalesce(array_agg(DISTINCT v.price_cents ORDER BY v.price_cents), '{}'),
           min(v.price_cents)
      INTO sizes, NEW.variant_prices, NEW.min_price_cents
      FROM variants v WHERE v.product_id = NEW.id;
  ELSE
    NEW.variant_prices := '{}';
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
-- Listings without a search read filters, sort keys and facets from this index alone
-- (an index-only scan), never the wide product rows. Not expressible in the Drizzle schema.
CREATE INDEX products_listing_idx ON products (status, category_id)
  INCLUDE (id, featured_rank, min_price_cents, rating, review_count, created_at,
           mattress_type, bed_type, comfort_level, brand_id, size_mask, variant_prices);
--> statement-breakpoint
UPDATE products SET search_vector = NULL;
--> statement-breakpoint
-- As before, without repeating a word form that two spellings share.
CREATE OR REPLACE FUNCTION search_query(words text[]) RETURNS tsquery LANGUAGE sql STABLE AS $$
  SELECT tsquery_and_agg(alternatives ORDER BY ord) FROM (
    SELECT ord, tsquery_or_agg(q) AS alternatives FROM (
      SELECT DISTINCT ord, q FROM (
        SELECT w.ord, plainto_tsquery('english', w.word) AS q
          FROM unnest(words) WITH ORDINALITY AS w(word, ord)
        UNION ALL
        SELECT w.ord, plainto_tsquery('english', c.word)
          FROM unnest(words) WITH ORDINALITY AS w(word, ord)
          CROSS JOIN LATERAL (
            SELECT s.word FROM search_words s
             WHERE s.word % lower(w.word)
               AND NOT EXISTS (SELECT 1 FROM search_words e WHERE e.word = lower(w.word))
             ORDER BY similarity(s.word, lower(w.word)) DESC, s.word
             LIMIT 2
          ) c
      ) word_forms
      WHERE numnode(q) > 0
    ) distinct_forms
    GROUP BY ord
  ) per_word
$$;
