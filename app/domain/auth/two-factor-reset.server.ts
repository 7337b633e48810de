import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, twoFactors, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import type { SessionUser } from "./roles";

/**
 * The owner resets a team member's two-factor sign-in (a lost phone and no backup codes): the
 * secret and backup codes go, and every session of that account ends, so the next sign-in is
 * with the password, and the owner's rule (if on) sends them to set it up again. One
 * transaction with its audit line.
 */
export async function resetTwoFactor(options: {
  actor: Pick<SessionUser, "id" | "email" | "role">;
  userId: string;
  clientAddress: string;
}): Promise<{ email: string }> {
  const { actor, userId } = options;
  if (actor.role !== "owner") {
    throw new DomainError("forbidden", "Only the shop's owner can reset two-factor sign-in.");
  }
  if (userId === actor.id) {
    throw new DomainError(
      "conflict",
      "Your own two-factor sign-in is changed on the Security tab of Settings.",
    );
  }
  return db().transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, on: users.twoFactorEnabled })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!user) throw new DomainError("not_found", "That account no longer exists.");
    if (!user.on) {
      throw new DomainError("conflict", `${user.email} does not have two-factor sign-in on.`);
    }
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    await recordAudit(
      {
        action: "two_factor_reset",
        actorId: actor.id,
        actorEmail: actor.email,
        ipAddress: options.clientAddress,
        subject: `user:${userId}`,
        details: { email: user.email, sessionsEnded: ended.length },
      },
      tx,
    );
    return { email: user.email };
  });
}
