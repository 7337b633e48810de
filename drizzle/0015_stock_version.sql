CREATE TABLE "stock_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "stock_version_single_row" CHECK ("stock_version"."id" = 1)
);
--> statement-breakpoint
-- The stock version goes up once per transaction that changes stock levels or warehouses. The
-- triggers are deferred to commit, so the row is locked last and only briefly, and readers see
-- the new number together with the new stock.
INSERT INTO stock_version (id, version) VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stock.bumped_in', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('stock.bumped_in', txid_current()::text, true);
    INSERT INTO stock_version (id, version) VALUES (1, 1)
      ON CONFLICT (id) DO UPDATE SET version = stock_version.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_levels_stock_version AFTER INSERT OR UPDATE OR DELETE ON stock_levels
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_stock_version();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER warehouses_stock_version AFTER INSERT OR UPDATE OR DELETE ON warehouses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_stock_version();
