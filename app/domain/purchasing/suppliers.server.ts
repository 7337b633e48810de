import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { suppliers } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError, notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import type { SupplierInput } from "./supplier-schemas";

type Actor = Pick<SessionUser, "id" | "email">;
type Supplier = typeof suppliers.$inferSelect;

/** Adds a supplier; a name another supplier has (in any case) is refused by the name field. */
export async function createSupplier(options: { input: SupplierInput; actor: Actor }) {
  const { input, actor } = options;
  return withUniqueName(input.name, () =>
    db().transaction(async (tx) => {
      const [created] = await tx.insert(suppliers).values(input).returning();
      await recordAudit(
        {
          action: "supplier_created",
          actorId: actor.id,
          actorEmail: actor.email,
          subject: `supplier:${created!.id}`,
          details: { name: created!.name, leadTimeDays: created!.leadTimeDays },
        },
        tx,
      );
      return created!;
    }),
  );
}

/** Saves a supplier's details; the audit line names each field that changed, before and after. */
export async function updateSupplier(options: { id: number; input: SupplierInput; actor: Actor }) {
  const { id, input, actor } = options;
  return withUniqueName(input.name, () =>
    db().transaction(async (tx) => {
      const before = await lockSupplier(tx, id);
      const changes = changedFields(before, input);
      if (Object.keys(changes).length === 0) return { supplier: before, changed: false };
      const [after] = await tx
        .update(suppliers)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(suppliers.id, id))
        .returning();
      await recordAudit(
        {
          action: "supplier_updated",
          actorId: actor.id,
          actorEmail: actor.email,
          subject: `supplier:${id}`,
          details: { name: after!.name, changes },
        },
        tx,
      );
      return { supplier: after!, changed: true };
    }),
  );
}

/**
 * Deactivates or reactivates a supplier. An inactive supplier gets no new purchase orders
 * (requireActiveSupplier); the orders it already has go on as they are.
 */
export async function setSupplierActive(options: { id: number; active: boolean; actor: Actor }) {
  const { id, active, actor } = options;
  return db().transaction(async (tx) => {
    const before = await lockSupplier(tx, id);
    if (before.active === active) return { supplier: before, changed: false };
    const [after] = await tx
      .update(suppliers)
      .set({ active, updatedAt: new Date() })
      .where(eq(suppliers.id, id))
      .returning();
    await recordAudit(
      {
        action: active ? "supplier_reactivated" : "supplier_deactivated",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `supplier:${id}`,
        details: { name: after!.name },
      },
      tx,
    );
    return { supplier: after!, changed: true };
  });
}

/**
 * The supplier a new purchase order is for, inside the order's transaction: refused on the
 * `supplierId` field when there is no such supplier or it is inactive. The row is locked for
 * share, so it cannot be deactivated before the order commits.
 */
export async function requireActiveSupplier(tx: Tx, supplierId: number) {
  const [supplier] = isDbId(supplierId)
    ? await tx
        .select({
          id: suppliers.id,
          name: suppliers.name,
          email: suppliers.email,
          leadTimeDays: suppliers.leadTimeDays,
          active: suppliers.active,
        })
        .from(suppliers)
        .where(eq(suppliers.id, supplierId))
        .for("share")
    : [];
  if (!supplier) {
    throw new DomainError("invalid", "Choose a supplier from the list.", { field: "supplierId" });
  }
  if (!supplier.active) {
    throw new DomainError(
      "conflict",
      `${supplier.name} is inactive: reactivate the supplier before ordering from them.`,
      { field: "supplierId", title: "Supplier Inactive" },
    );
  }
  const { active: _active, ...rest } = supplier;
  return rest;
}

async function lockSupplier(tx: Tx, id: number): Promise<Supplier> {
  const [row] = isDbId(id)
    ? await tx.select().from(suppliers).where(eq(suppliers.id, id)).for("update")
    : [];
  if (!row) throw notFound("This supplier does not exist.");
  return row;
}

function changedFields(before: Supplier, input: SupplierInput) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(input) as (keyof SupplierInput)[]) {
    if (before[key] !== input[key]) changes[key] = { from: before[key], to: input[key] };
  }
  return changes;
}

/** Runs `work`, turning a clash on the unique lower(name) index into a message by the name. */
async function withUniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!violatesUniqueName(error)) throw error;
    throw new DomainError("conflict", `A supplier named "${name}" already exists.`, {
      field: "name",
      fieldMessage: "Another supplier already has this name.",
      title: "Duplicate Supplier",
    });
  }
}

function violatesUniqueName(error: unknown): boolean {
  type PgError = { code?: string; constraint?: string; cause?: unknown };
  for (let e = error as PgError | undefined; e; e = e.cause as PgError | undefined) {
    if (e.code === "23505")
      return e.constraint === undefined || e.constraint === "suppliers_name_idx";
  }
  return false;
}
