import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { consumeRateLimit, releaseRateLimits } from "~/domain/security/rate-limit.server";
import { authRefusal } from "./auth-refusal.server";
import type { SessionUser } from "./roles";

/** Wrong passwords allowed per account in 15 minutes on the Security tab's forms. */
export const MAX_PASSWORD_CHECKS = 5;
const WINDOW_SECONDS = 15 * 60;

export const WRONG_PASSWORD = "That password is not right.";

/**
 * Runs a better-auth call that checks the signed-in person's password (change password, turn
 * two-factor on or off, new backup codes). A stolen session must not become a way to guess the
 * password: every attempt is counted first, shared by every process, and a right password gives
 * its count back. A wrong one is audited and refused with the message by `field`.
 */
export async function withPasswordCheck<T>(options: {
  user: Pick<SessionUser, "id" | "email">;
  clientAddress: string;
  field: string;
  purpose: string;
  work: () => Promise<T>;
}): Promise<T> {
  const { user, clientAddress, field, purpose } = options;
  const limit = await consumeRateLimit({
    key: `password-check:${user.id}`,
    limit: MAX_PASSWORD_CHECKS,
    windowSeconds: WINDOW_SECONDS,
  });
  const who = { actorId: user.id, actorEmail: user.email, ipAddress: clientAddress };
  if (!limit.allowed) {
    await recordAudit({
      action: "password_check_failed",
      ...who,
      details: { purpose, reason: "rate_limited" },
    });
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    throw new DomainError(
      "rate_limited",
      `Too many wrong passwords. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
      { title: "Too many attempts", retryAfterSeconds: limit.retryAfterSeconds },
    );
  }
  try {
    const result = await options.work();
    await releaseRateLimits([{ key: `password-check:${user.id}`, windowStart: limit.windowStart }]);
    return result;
  } catch (error) {
    const refusal = authRefusal(error);
    if (refusal?.code === "INVALID_PASSWORD") {
      await recordAudit({
        action: "password_check_failed",
        ...who,
        details: { purpose, reason: "wrong_password" },
      });
      throw new DomainError("invalid", WRONG_PASSWORD, { field, title: "Validation Error" });
    }
    throw error;
  }
}
