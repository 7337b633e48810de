/*
 * Delivery add-ons (docs/decisions/046): services the truck's crew does at the door, ticked at
 * checkout and charged at the shop's fee of that moment, which the order keeps.
 */

export const ADD_ONS = ["removal", "assembly"] as const;
export type AddOn = (typeof ADD_ONS)[number];

/** Which add-ons the shopper ticked. */
export type AddOnChoice = Record<AddOn, boolean>;
export const NO_ADD_ONS: AddOnChoice = { removal: false, assembly: false };

/** What an order charges for each add-on (0: not chosen), as its columns keep it. */
export type AddOnCharges = { removalCents: number; assemblyCents: number };
export const NO_ADD_ON_CHARGES: AddOnCharges = { removalCents: 0, assemblyCents: 0 };

/** The shop's fees today, from its settings. */
export type AddOnFees = { removalFeeCents: number; assemblyFeeCents: number };

/** How checkout offers each add-on, and how papers and pages name it once chosen. */
export const ADD_ON_TEXT: Record<
  AddOn,
  { label: string; note: string; line: string; short: string }
> = {
  removal: {
    label: "Take away my old mattress or bed",
    note: "We carry it out and take it away when we deliver.",
    line: "Take away old mattress or bed",
    short: "Take away old mattress",
  },
  assembly: {
    label: "Assemble my new bed",
    note: "We put the bed together in the room you choose.",
    line: "Assemble new bed",
    short: "Assemble",
  },
};

/** The charges for the add-ons chosen, at these fees. */
export function addOnCharges(chosen: AddOnChoice, fees: AddOnFees): AddOnCharges {
  return {
    removalCents: chosen.removal ? fees.removalFeeCents : 0,
    assemblyCents: chosen.assembly ? fees.assemblyFeeCents : 0,
  };
}

/** The add-ons an order charges, in the shop's order, with their amounts. */
export function chosenAddOns(charges: AddOnCharges): { addOn: AddOn; cents: number }[] {
  const cents: Record<AddOn, number> = {
    removal: charges.removalCents,
    assembly: charges.assemblyCents,
  };
  return ADD_ONS.filter((a) => cents[a] > 0).map((addOn) => ({ addOn, cents: cents[addOn] }));
}

/** What the add-ons come to together. */
export function addOnsTotalCents(charges: AddOnCharges): number {
  return charges.removalCents + charges.assemblyCents;
}
