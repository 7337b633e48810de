-- Listings are now filtered, counted and ordered in the server's own listing index (decision
-- 006), which reads every active product once per catalogue version: no query reads this
-- covering index any more, and every product or variant edit still paid to keep it.
DROP INDEX IF EXISTS products_listing_idx;
