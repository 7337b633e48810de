import { pgEnum, text } from "drizzle-orm/pg-core";

/**
 * South Africa's nine provinces by their ISO 3166-2:ZA codes (app/lib/provinces.ts
 * names them; a test keeps the two lists the same).
 */
export const province = pgEnum("province", ["EC", "FS", "GP", "KZN", "LP", "MP", "NC", "NW", "WC"]);

/**
 * The parts of a delivery address that orders and saved addresses share beside their street
 * address (`address`), town (`city`) and `postal_code`. Rows from before these were asked have
 * empty text and no province, unless the province could be read from the town.
 */
export function deliveryAddressColumns() {
  return {
    /** Complex or estate and unit, e.g. "Unit 4, Protea Gardens". */
    complex: text("complex").notNull().default(""),
    suburb: text("suburb").notNull().default(""),
    province: province("province"),
    /** Who the driver calls on the day, as +27XXXXXXXXX; "" for the buyer's own phone. */
    deliveryMobile: text("delivery_mobile").notNull().default(""),
    /** Gate code, which house: for the driver, never printed on a tax invoice. */
    accessNotes: text("access_notes").notNull().default(""),
  };
}
