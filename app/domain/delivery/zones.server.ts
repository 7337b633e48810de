import { eq } from "drizzle-orm";
import { db, type Tx } from "~/db/client.server";
import { deliveryZones } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError, forbidden, notFound } from "~/domain/errors";
import { isDbId } from "~/lib/db-ids";
import type { ZoneInput } from "./zone-schemas";

type Actor = Pick<SessionUser, "id" | "email" | "role">;
type Zone = typeof deliveryZones.$inferSelect;

/*
 * Staff see the zones; only the owner adds, changes or deactivates one, because a zone's fees
 * are prices shoppers pay at checkout, as the shop's other prices in the settings are.
 */
function requireOwnerActor(actor: Actor) {
  if (actor.role !== "owner") throw forbidden("Only the owner can change delivery zones.");
}

const audit = (actor: Actor, id: number) => ({
  actorId: actor.id,
  actorEmail: actor.email,
  subject: `delivery_zone:${id}`,
});

/** Adds a delivery zone; a name another zone has (in any case) is refused by the name field. */
export async function createZone(options: { input: ZoneInput; actor: Actor }): Promise<Zone> {
  const { input, actor } = options;
  requireOwnerActor(actor);
  return withUniqueName(input.name, () =>
    db().transaction(async (tx) => {
      const [created] = await tx.insert(deliveryZones).values(input).returning();
      await recordAudit(
        { action: "delivery_zone_created", ...audit(actor, created!.id), details: { ...input } },
        tx,
      );
      return created!;
    }),
  );
}

/** Saves a zone; the audit line names each field that changed, before and after. */
export async function updateZone(options: { id: number; input: ZoneInput; actor: Actor }) {
  const { id, input, actor } = options;
  requireOwnerActor(actor);
  return withUniqueName(input.name, () =>
    db().transaction(async (tx) => {
      const before = await lockZone(tx, id);
      const changes = changedFields(before, input);
      if (Object.keys(changes).length === 0) return { zone: before, changed: false };
      const [after] = await tx
        .update(deliveryZones)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(deliveryZones.id, id))
        .returning();
      await recordAudit(
        {
          action: "delivery_zone_updated",
          ...audit(actor, id),
          details: { name: after!.name, changes },
        },
        tx,
      );
      return { zone: after!, changed: true };
    }),
  );
}

/**
 * Deactivates or reactivates a zone. Checkout matches only active zones, so an address only an
 * inactive zone covered is quoted from then on; orders already placed keep their fee.
 */
export async function setZoneActive(options: { id: number; active: boolean; actor: Actor }) {
  const { id, active, actor } = options;
  requireOwnerActor(actor);
  return db().transaction(async (tx) => {
    const before = await lockZone(tx, id);
    if (before.active === active) return { zone: before, changed: false };
    const [after] = await tx
      .update(deliveryZones)
      .set({ active, updatedAt: new Date() })
      .where(eq(deliveryZones.id, id))
      .returning();
    await recordAudit(
      {
        action: active ? "delivery_zone_reactivated" : "delivery_zone_deactivated",
        ...audit(actor, id),
        details: { name: after!.name },
      },
      tx,
    );
    return { zone: after!, changed: true };
  });
}

async function lockZone(tx: Tx, id: number): Promise<Zone> {
  const [row] = isDbId(id)
    ? await tx.select().from(deliveryZones).where(eq(deliveryZones.id, id)).for("update")
    : [];
  if (!row) throw notFound("This delivery zone does not exist.");
  return row;
}

function changedFields(before: Zone, input: ZoneInput) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(input) as (keyof ZoneInput)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(input[key])) {
      changes[key] = { from: before[key], to: input[key] };
    }
  }
  return changes;
}

/** Runs `work`, turning a clash on the unique lower(name) index into a message by the name. */
async function withUniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!violatesUniqueName(error)) throw error;
    throw new DomainError("conflict", `A delivery zone named "${name}" already exists.`, {
      field: "name",
      fieldMessage: "Another zone already has this name.",
      title: "Duplicate Zone",
    });
  }
}

function violatesUniqueName(error: unknown): boolean {
  type PgError = { code?: string; constraint?: string; cause?: unknown };
  for (let e = error as PgError | undefined; e; e = e.cause as PgError | undefined) {
    if (e.code === "23505") {
      return e.constraint === undefined || e.constraint === "delivery_zones_name_idx";
    }
  }
  return false;
}
