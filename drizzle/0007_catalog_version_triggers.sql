-- The catalogue's version goes up once per transaction that changes products, variants, brands
-- or categories. The triggers are deferred to commit, so the version row is locked last and
-- only briefly, and readers see the new number together with the new data.
INSERT INTO catalog_version (id, version) VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('catalog.bumped_in', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('catalog.bumped_in', txid_current()::text, true);
    INSERT INTO catalog_version (id, version) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET version = catalog_version.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_catalog_version AFTER INSERT OR UPDATE OR DELETE ON products
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER variants_catalog_version AFTER INSERT OR UPDATE OR DELETE ON variants
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER brands_catalog_version AFTER INSERT OR UPDATE OR DELETE ON brands
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_catalog_version AFTER INSERT OR UPDATE OR DELETE ON categories
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_catalog_version();
