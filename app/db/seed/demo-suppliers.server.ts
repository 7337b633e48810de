import type { Tx } from "~/db/client.server";
import { suppliers } from "~/db/schema";

/** The demo's suppliers: foam, springs and frames, ten days to three weeks away. */
export const DEMO_SUPPLIERS = [
  {
    name: "Highveld Foam Industries",
    contactPerson: "Thandiwe Mokoena",
    email: "orders@highveldfoam.example.co.za",
    phone: "011 824 3310",
    address: "14 Dekema Road, Wadeville, Germiston, 1428",
    leadTimeDays: 10,
  },
  {
    name: "Vhembe Spring & Mattress Works",
    contactPerson: "Ṱhalitshani Muḓau",
    email: "sales@vhembesprings.example.co.za",
    phone: "015 962 4471",
    address: "7 Mphephu Street, Thohoyandou Industrial, 0950",
    leadTimeDays: 14,
  },
  {
    name: "Pinetown Timber & Upholstery",
    contactPerson: "Sibusiso Ndlovu",
    email: "sibusiso@pinetowntimber.example.co.za",
    phone: "031 701 2284",
    address: "22 Old Main Road, Pinetown, 3610",
    leadTimeDays: 21,
  },
] as const;

/** Adds the demo suppliers; one the shop already has (by name, in any case) is kept as it is. */
export async function insertDemoSuppliers(tx: Tx): Promise<void> {
  await tx
    .insert(suppliers)
    .values(DEMO_SUPPLIERS.map((s) => ({ ...s })))
    .onConflictDoNothing();
}
