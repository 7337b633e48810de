-- hand-written: the shop counts its days in Johannesburg's (docs/decisions/052), the one zone
-- the settings offer now; a zone saved before (the specification's ET, CT, MT or PT) is read as
-- Johannesburg's already and is stored so.
UPDATE "store_settings" SET "timezone" = 'Africa/Johannesburg' WHERE "timezone" <> 'Africa/Johannesburg';
