-- Search and filter columns of products, and the word list that corrects misspelt searches,
-- kept by the database itself so every writer (seed, back office, scripts) keeps them right.

-- The words of a text that a misspelt search word may be corrected to.
CREATE FUNCTION search_words_of(doc text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT w FROM unnest(tsvector_to_array(to_tsvector('simple', coalesce(doc, '')))) AS w
  WHERE length(w) >= 3 AND w ~ '^[[:alpha:]]+$'
$$;
--> statement-breakpoint
CREATE FUNCTION products_search_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  brand_name text;
  category_name text;
BEGIN
  SELECT name INTO brand_name FROM brands WHERE id = NEW.brand_id;
  SELECT name INTO category_name FROM categories WHERE id = NEW.category_id;
  -- A new product has no variants yet; the variants' trigger refreshes it when they come.
  IF TG_OP = 'UPDATE' THEN
    SELECT coalesce(array_agg(DISTINCT v.size ORDER BY v.size), '{}'),
           coalesce(array_agg(DISTINCT v.price_cents ORDER BY v.price_cents), '{}'),
           min(v.price_cents)
      INTO NEW.variant_sizes, NEW.variant_prices, NEW.min_price_cents
      FROM variants v WHERE v.product_id = NEW.id;
  ELSE
    NEW.variant_sizes := '{}';
    NEW.variant_prices := '{}';
    NEW.min_price_cents := NULL;
  END IF;
  NEW.search_vector :=
    setweight(to_tsvector('english', NEW.title), 'A') ||
    setweight(to_tsvector('english', concat_ws(' ', brand_name, NEW.type, category_name)), 'B') ||
    setweight(to_tsvector('english', replace(array_to_string(NEW.variant_sizes, ' '), '-', ' ')), 'C') ||
    setweight(to_tsvector('english', NEW.description), 'D');
  -- An edit's new words join the word list (new products' words: see below).
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
CREATE TRIGGER products_search_refresh BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_search_refresh();
--> statement-breakpoint
-- The words of new products join the word list, once per statement.
CREATE FUNCTION products_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT search_words_of(concat_ws(' ', n.title, n.type, n.description)) FROM new_rows n
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_search_words();
--> statement-breakpoint
-- Any change to variants refreshes their products (the update fires the trigger above).
CREATE FUNCTION variants_refresh_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE products SET search_vector = NULL
      WHERE id IN (SELECT DISTINCT product_id FROM new_rows);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE products SET search_vector = NULL
      WHERE id IN (SELECT DISTINCT product_id FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER variants_refresh_products_insert AFTER INSERT ON variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION variants_refresh_products();
--> statement-breakpoint
CREATE TRIGGER variants_refresh_products_update AFTER UPDATE ON variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION variants_refresh_products();
--> statement-breakpoint
CREATE TRIGGER variants_refresh_products_delete AFTER DELETE ON variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION variants_refresh_products();
--> statement-breakpoint
-- A renamed brand or category changes the search documents of its products.
CREATE FUNCTION search_name_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word) SELECT search_words_of(NEW.name) ON CONFLICT DO NOTHING;
  IF TG_OP = 'UPDATE' THEN
    IF TG_TABLE_NAME = 'brands' THEN
      UPDATE products SET search_vector = NULL WHERE brand_id = NEW.id;
    ELSE
      UPDATE products SET search_vector = NULL WHERE category_id = NEW.id;
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_search_name AFTER INSERT OR UPDATE OF name ON brands
  FOR EACH ROW EXECUTE FUNCTION search_name_changed();
--> statement-breakpoint
CREATE TRIGGER categories_search_name AFTER INSERT OR UPDATE OF name ON categories
  FOR EACH ROW EXECUTE FUNCTION search_name_changed();
--> statement-breakpoint
CREATE AGGREGATE tsquery_or_agg(tsquery) (SFUNC = tsquery_or, STYPE = tsquery);
--> statement-breakpoint
CREATE AGGREGATE tsquery_and_agg(tsquery) (SFUNC = tsquery_and, STYPE = tsquery);
--> statement-breakpoint
-- The full-text query for a shopper's words: all words must match, each as typed or, when the
-- shop uses no such word, as the closest words it does use ("matress" -> mattress).
-- NULL when no word can be searched for (only stop words), which means no search.
CREATE FUNCTION search_query(words text[]) RETURNS tsquery LANGUAGE sql STABLE AS $$
  SELECT tsquery_and_agg(alternatives ORDER BY ord) FROM (
    SELECT ord, tsquery_or_agg(q) AS alternatives FROM (
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
    GROUP BY ord
  ) per_word
$$;
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT search_words_of(concat_ws(' ', title, type, description)) FROM products
  UNION SELECT search_words_of(name) FROM brands
  UNION SELECT search_words_of(name) FROM categories
  UNION SELECT unnest(ARRAY['single', 'three', 'quarter', 'double', 'queen', 'king', 'super'])
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE products SET search_vector = NULL;
