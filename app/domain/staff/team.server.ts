import { asc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { Role, SessionUser } from "~/domain/auth/roles";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { conflict, forbidden, notFound } from "~/domain/errors";

/** Every account, owners and staff first, with when each last signed in. */
export async function listTeam() {
  return db()
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
      // "users"."id" written out: drizzle leaves columns bare here, and a bare "id" inside
      // the subquery would be the session's own id.
      lastSignIn: sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = "users"."id")`,
    })
    .from(users)
    .orderBy(
      sql`case ${users.role} when 'owner' then 0 when 'staff' then 1 else 2 end`,
      asc(users.email),
    );
}

/**
 * The owner gives or takes a role. The last owner cannot be made anything else, so the shop
 * always has someone who can manage the team. Sessions of an account that loses the back
 * office stay, but every admin request checks the role again, so access ends at once.
 */
export async function changeRole(options: {
  userId: string;
  role: Role;
  actor: SessionUser;
  clientAddress?: string;
}): Promise<{ email: string; from: Role; to: Role }> {
  if (options.actor.role !== "owner") throw forbidden("Only the owner can change roles.");
  return db().transaction(async (tx) => {
    // Owners are locked together so two owners demoting each other cannot leave none.
    const owners = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, "owner"))
      .for("update");
    const [target] = await tx
      .select({ email: users.email, role: users.role })
      .from(users)
      .where(eq(users.id, options.userId))
      .for("update");
    if (!target) throw notFound("This account does not exist.");
    if (target.role === "owner" && options.role !== "owner" && owners.length <= 1) {
      throw conflict(
        "The shop's last owner cannot be removed. Make another account an owner first.",
      );
    }
    if (target.role !== options.role) {
      await tx
        .update(users)
        .set({ role: options.role, updatedAt: new Date() })
        .where(eq(users.id, options.userId));
      await recordAudit(
        {
          action: "role_changed",
          actorId: options.actor.id,
          actorEmail: options.actor.email,
          subject: `user:${options.userId}`,
          ipAddress: options.clientAddress,
          details: { email: target.email, from: target.role, to: options.role },
        },
        tx,
      );
    }
    return { email: target.email, from: target.role, to: options.role };
  });
}
