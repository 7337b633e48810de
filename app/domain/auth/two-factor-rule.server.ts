import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { storeSettings, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import type { SessionUser } from "./roles";

/**
 * Whether the owner requires two-factor sign-in of all staff. Read on every admin request of a
 * staff member without it; false before the shop's settings exist.
 */
export async function twoFactorRequired(): Promise<boolean> {
  const [row] = await db()
    .select({ required: storeSettings.requireTwoFactor })
    .from(storeSettings)
    .where(eq(storeSettings.id, 1));
  return row?.required ?? false;
}

/** The staff (owner included) and whether each has two-factor on, for the owner's section. */
export async function staffTwoFactorList() {
  return db()
    .select({ id: users.id, name: users.name, email: users.email, on: users.twoFactorEnabled })
    .from(users)
    .where(inArray(users.role, ["owner", "staff"]))
    .orderBy(users.email);
}

/**
 * The owner's rule. Switching it on needs the owner's own two-factor on first, so the owner
 * can never lock themselves out with it. One transaction with its `settings_updated` line.
 */
export async function setTwoFactorRule(options: {
  actor: Pick<SessionUser, "id" | "email" | "role">;
  required: boolean;
}): Promise<{ changed: boolean }> {
  const { actor, required } = options;
  if (actor.role !== "owner") {
    throw new DomainError("forbidden", "Only the shop's owner can change the shop's settings.");
  }
  return db().transaction(async (tx) => {
    if (required) {
      const [self] = await tx
        .select({ on: users.twoFactorEnabled })
        .from(users)
        .where(and(eq(users.id, actor.id)));
      if (!self?.on) {
        throw new DomainError(
          "conflict",
          "Turn on two-factor sign-in for your own account first, then require it of your staff.",
          { field: "requireTwoFactor" },
        );
      }
    }
    const [current] = await tx
      .select({ required: storeSettings.requireTwoFactor })
      .from(storeSettings)
      .where(eq(storeSettings.id, 1))
      .for("update");
    if (!current) throw new DomainError("not_found", "The store settings are missing.");
    if (current.required === required) return { changed: false };
    await tx
      .update(storeSettings)
      .set({ requireTwoFactor: required, updatedAt: sql`now()` })
      .where(eq(storeSettings.id, 1));
    await recordAudit(
      {
        action: "settings_updated",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: "settings:security",
        details: { requireTwoFactor: { from: current.required, to: required } },
      },
      tx,
    );
    return { changed: true };
  });
}
