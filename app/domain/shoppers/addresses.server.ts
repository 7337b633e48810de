import { and, asc, desc, eq, ne } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { customerAddresses } from "~/db/schema";
import { DomainError, notFound } from "~/domain/errors";
import { toAddressColumns } from "~/domain/addresses/address-schema";
import type { AddressInput } from "./schemas";

/** Addresses one account may keep. */
export const MAX_ADDRESSES = 20;

export type SavedAddress = Awaited<ReturnType<typeof listAddresses>>[number];

const columns = {
  id: customerAddresses.id,
  label: customerAddresses.label,
  firstName: customerAddresses.firstName,
  lastName: customerAddresses.lastName,
  phone: customerAddresses.phone,
  address: customerAddresses.address,
  complex: customerAddresses.complex,
  suburb: customerAddresses.suburb,
  city: customerAddresses.city,
  province: customerAddresses.province,
  postal: customerAddresses.postalCode,
  deliveryMobile: customerAddresses.deliveryMobile,
  accessNotes: customerAddresses.accessNotes,
  isDefault: customerAddresses.isDefault,
};

/** The account's addresses, the default first. */
export async function listAddresses(userId: string) {
  return db()
    .select(columns)
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(desc(customerAddresses.isDefault), asc(customerAddresses.id));
}

function values(input: AddressInput) {
  return {
    label: input.label,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    ...toAddressColumns(input),
  };
}

/** Makes `id` the only default of the account (inside the caller's transaction). */
async function makeOnlyDefault(tx: Tx, userId: string, id: number) {
  await tx
    .update(customerAddresses)
    .set({ isDefault: false })
    .where(and(eq(customerAddresses.userId, userId), ne(customerAddresses.id, id)));
  await tx
    .update(customerAddresses)
    .set({ isDefault: true })
    .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.id, id)));
}

/** Saves a new address; the first one, or one marked so, becomes the default. */
export async function addAddress(userId: string, input: AddressInput): Promise<number> {
  return db().transaction(async (tx) => {
    const existing = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .for("update");
    if (existing.length >= MAX_ADDRESSES) {
      throw new DomainError("conflict", `You can keep up to ${MAX_ADDRESSES} addresses.`, {
        title: "Too many addresses",
      });
    }
    const [row] = await tx
      .insert(customerAddresses)
      .values({ userId, ...values(input) })
      .returning({ id: customerAddresses.id });
    if (input.isDefault || existing.length === 0) await makeOnlyDefault(tx, userId, row!.id);
    return row!.id;
  });
}

/** Changes one of the account's own addresses; another account's is "not found". */
export async function updateAddress(userId: string, id: number, input: AddressInput) {
  await db().transaction(async (tx) => {
    const updated = await tx
      .update(customerAddresses)
      .set({ ...values(input), updatedAt: new Date() })
      .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.id, id)))
      .returning({ id: customerAddresses.id });
    if (updated.length === 0) throw notFound("That address was not found.");
    if (input.isDefault) await makeOnlyDefault(tx, userId, id);
  });
}

export async function setDefaultAddress(userId: string, id: number) {
  await db().transaction(async (tx) => {
    const [own] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.id, id)));
    if (!own) throw notFound("That address was not found.");
    await makeOnlyDefault(tx, userId, id);
  });
}

/** Deletes one of the account's own addresses; when it was the default, the oldest left is. */
export async function deleteAddress(userId: string, id: number) {
  await db().transaction(async (tx) => {
    const [gone] = await tx
      .delete(customerAddresses)
      .where(and(eq(customerAddresses.userId, userId), eq(customerAddresses.id, id)))
      .returning({ isDefault: customerAddresses.isDefault });
    if (!gone) throw notFound("That address was not found.");
    if (!gone.isDefault) return;
    const [next] = await tx
      .select({ id: customerAddresses.id })
      .from(customerAddresses)
      .where(eq(customerAddresses.userId, userId))
      .orderBy(asc(customerAddresses.id))
      .limit(1);
    if (next) await makeOnlyDefault(tx, userId, next.id);
  });
}
