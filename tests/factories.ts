import { db } from "~/db/client.server";
import { storeSettings } from "~/db/schema";

/** The shop's settings row, with test values unless overridden. */
export async function insertStoreSettings(
  overrides: Partial<typeof storeSettings.$inferInsert> = {},
) {
  const hours = { label: "Store Hours", lines: [{ days: "Mon-Fri", hours: "8:30AM-5:30PM" }] };
  const [row] = await db()
    .insert(storeSettings)
    .values({
      storeName: "Test Beds",
      legalName: "Test Beds (Pty) Ltd",
      registrationNumber: "2009/000001/07",
      streetAddress: "1 Test Street",
      town: "Lichtenburg",
      province: "North West",
      postalCode: "2740",
      phone: "018 000 0000",
      whatsapp: "27820000000",
      email: "shop@test-beds.example",
      footerHours: hours,
      showroomHours: hours,
      deliveryHours: hours,
      ...overrides,
    })
    .returning();
  return row!;
}
