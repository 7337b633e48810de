import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { auth, requestHeaders } from "./auth.server";
import { authRefusal } from "./auth-refusal.server";
import type { SessionUser } from "./roles";
import { normaliseCode } from "./security-schemas";
import { claimTotpStep, USED_CODE } from "./totp-step.server";

export const CODE_NEEDED = "Enter the code from your authenticator app, or a backup code";

type Caller = {
  user: Pick<SessionUser, "id" | "email">;
  request: Request;
  baseURL: string;
  clientAddress: string;
};

/** Whether the account signs in with a code after its password (read now, not from the session). */
export async function hasTwoFactorOn(userId: string): Promise<boolean> {
  const [row] = await db()
    .select({ on: users.twoFactorEnabled })
    .from(users)
    .where(eq(users.id, userId));
  return row?.on === true;
}

/**
 * Checks a code of the signed-in person's own (the app's six digits, or a backup code, which it
 * uses up) with better-auth's own checks for a session. An app code is claimed first, as a
 * sign-in's is (totp-step.server.ts), so one code does one thing. A wrong code is audited and
 * refused by the form's `twoFactorCode` field; the caller counts attempts (withPasswordCheck).
 */
export async function checkOwnTwoFactorCode(options: Caller & { code: string; purpose: string }) {
  const { user, request, baseURL, clientAddress, purpose } = options;
  const code = normaliseCode(options.code);
  const method = /^\d{6}$/.test(code) ? "totp" : "backup_code";
  const who = { actorId: user.id, actorEmail: user.email, ipAddress: clientAddress };
  const refuse = async (reason: string, message: string): Promise<never> => {
    await recordAudit({
      action: "two_factor_failed",
      ...who,
      details: { purpose, method, reason },
    });
    throw new DomainError("invalid", message, {
      field: "twoFactorCode",
      title: "Validation Error",
    });
  };
  const claim = method === "totp" ? await claimTotpStep({ userId: user.id, code, baseURL }) : null;
  if (claim?.outcome === "used") return refuse("code_used", USED_CODE);
  const api = auth(baseURL).api;
  const headers = requestHeaders(request, clientAddress);
  try {
    if (method === "totp") await api.verifyTOTP({ body: { code }, headers });
    else await api.verifyBackupCode({ body: { code, disableSession: true }, headers });
  } catch (error) {
    await claim?.giveBack();
    const refusal = authRefusal(error);
    if (refusal?.code === "INVALID_CODE") {
      return refuse(
        "invalid_code",
        "That code is not right. Please enter the code your app shows now.",
      );
    }
    if (refusal?.code === "INVALID_BACKUP_CODE") {
      return refuse("invalid_code", "That backup code is not right, or it has been used already.");
    }
    throw error;
  }
}
