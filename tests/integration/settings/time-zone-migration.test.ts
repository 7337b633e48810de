import { eq, sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { currentDateSettings } from "~/lib/dates";
import { useTestDatabase } from "../../setup/database";
import { setUpShop } from "../orders/fixtures";

/*
 * The shop counts its days in Johannesburg's (docs/decisions/052): a US zone saved when the
 * settings offered it is read as Johannesburg's, and the migration stores it so.
 */
useTestDatabase();

const migration = readMigrationFiles({ migrationsFolder: "drizzle" }).find((m) =>
  m.sql.join("").includes(`SET "timezone" = 'Africa/Johannesburg'`),
);

describe("a time zone saved before the settings offered only the shop's", () => {
  it("is read as Johannesburg's, and the migration stores it so", async () => {
    await setUpShop();
    await db().update(storeSettings).set({ timezone: "America/New_York" });
    await getStoreSettings();
    expect(currentDateSettings().timeZone).toBe("Africa/Johannesburg");

    expect(migration).toBeDefined();
    for (const statement of migration!.sql) await db().execute(sql.raw(statement));
    const [row] = await db().select().from(storeSettings).where(eq(storeSettings.id, 1));
    expect(row!.timezone).toBe("Africa/Johannesburg");
  });
});
