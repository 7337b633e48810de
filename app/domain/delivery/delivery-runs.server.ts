import { and, asc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { deliveryRuns, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { isStaffRole, type SessionUser } from "~/domain/auth/roles";
import { DomainError, forbidden } from "~/domain/errors";
import { shopToday } from "~/lib/dates";
import { formatLongDay } from "./day-names";

export type Actor = Pick<SessionUser, "id" | "email" | "role">;

/** Who can drive a run: the shop's staff and its owner, by name. */
export async function listDrivers(): Promise<{ id: string; name: string }[]> {
  return db()
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.role, ["owner", "staff"]))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * Staff start a run on a day: a driver from the staff and a truck. A driver who is not staff
 * (or no one) is refused at the driver field, a day already past at the day.
 */
export async function createDeliveryRun(options: {
  day: string;
  driverId: string;
  truck: string;
  actor: Actor;
  now?: Date;
}) {
  const { day, driverId, truck, actor } = options;
  if (!isStaffRole(actor.role)) throw forbidden("Only staff plan delivery runs.");
  if (day < shopToday(options.now)) {
    throw new DomainError("invalid", `${formatLongDay(day)} has passed: plan runs from today.`, {
      field: "day",
    });
  }
  return db().transaction(async (tx) => {
    const [driver] = await tx
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(and(eq(users.id, driverId), inArray(users.role, ["owner", "staff"])));
    if (!driver) {
      throw new DomainError("invalid", "Choose a driver from the shop's staff.", {
        field: "driver",
      });
    }
    const [run] = await tx
      .insert(deliveryRuns)
      .values({ day, driverId: driver.id, truck, createdBy: actor.id })
      .returning();
    await recordAudit(
      {
        action: "delivery_run_created",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `delivery_run:${run!.id}`,
        details: { day, driver: driver.name, truck },
      },
      tx,
    );
    return { ...run!, driverName: driver.name };
  });
}
