import type { Tx } from "~/db/client.server";
import { deliveryZones } from "~/db/schema";

/**
 * The demo's delivery zones, as the specification's FAQ promises: free in the home town and
 * area from R2,000 (else R299), express in 1-2 business days for R299; R450 elsewhere in North
 * West, no express; anywhere else quoted by the shop. Blydeville and Boikhutso are Lichtenburg's
 * own townships, Itsoseng and Coligny the towns nearby.
 */
export const DEMO_DELIVERY_ZONES = [
  {
    name: "Lichtenburg and area",
    postalCodes: ["2740"],
    towns: ["Lichtenburg", "Blydeville", "Boikhutso", "Itsoseng", "Coligny"],
    provinces: [],
    standardFeeCents: 29_900,
    freeFromCents: 200_000,
    expressFeeCents: 29_900,
    leadDays: 2,
    weekdays: [1, 2, 3, 4, 5, 6],
    dropsPerDay: 8,
    sortOrder: 10,
  },
  {
    name: "Rest of North West",
    postalCodes: [],
    towns: [],
    provinces: ["North West"],
    standardFeeCents: 45_000,
    freeFromCents: null,
    expressFeeCents: null,
    leadDays: 5,
    weekdays: [2, 4],
    dropsPerDay: 6,
    sortOrder: 20,
  },
];

/** Adds the demo zones; one the shop already has (by name, in any case) is kept as it is. */
export async function insertDemoDeliveryZones(tx: Tx): Promise<void> {
  await tx.insert(deliveryZones).values(DEMO_DELIVERY_ZONES).onConflictDoNothing();
}
