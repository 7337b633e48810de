import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { twoFactors, users } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import { DomainError } from "~/domain/errors";
import { consumeRateLimit, releaseRateLimits } from "~/domain/security/rate-limit.server";
import { auth, requestHeaders, TWO_FACTOR_ISSUER } from "./auth.server";
import { authRefusal } from "./auth-refusal.server";
import { withPasswordCheck } from "./password-check.server";
import type { SessionUser } from "./roles";
import { claimTotpStep, USED_CODE } from "./totp-step.server";
import { totpUri } from "./totp-uri";
import { twoFactorRequired } from "./two-factor-rule.server";

type Caller = {
  user: Pick<SessionUser, "id" | "email">;
  request: Request;
  baseURL: string;
  clientAddress: string;
};

export type TwoFactorStatus =
  | { state: "off" }
  /** Set up but not yet confirmed with a first code: the app's address is shown again. */
  | { state: "pending"; uri: string }
  | { state: "on"; backupCodesLeft: number };

/** Wrong first codes allowed per account in 15 minutes while setting up. */
const MAX_SETUP_CODES = 5;
const WINDOW_SECONDS = 15 * 60;

async function secretKey(baseURL: string) {
  return (await auth(baseURL).$context).secretConfig;
}

/**
 * Where the account stands. While setup is pending the secret is read back (better-auth keeps
 * it encrypted with the auth secret) to show the same QR code until the first code confirms it;
 * once on, it is never shown again.
 */
export async function twoFactorStatus(options: {
  user: Pick<SessionUser, "id" | "email">;
  baseURL: string;
}): Promise<TwoFactorStatus> {
  const [row] = await db()
    .select({
      enabled: users.twoFactorEnabled,
      secret: twoFactors.secret,
      backupCodes: twoFactors.backupCodes,
      verified: twoFactors.verified,
    })
    .from(users)
    .leftJoin(twoFactors, eq(twoFactors.userId, users.id))
    .where(eq(users.id, options.user.id));
  if (!row?.secret || !row.backupCodes) return { state: "off" };
  const key = await secretKey(options.baseURL);
  if (row.enabled && row.verified) {
    const codes = JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes })) as unknown;
    return { state: "on", backupCodesLeft: Array.isArray(codes) ? codes.length : 0 };
  }
  const secret = await symmetricDecrypt({ key, data: row.secret });
  return {
    state: "pending",
    uri: totpUri({ issuer: TWO_FACTOR_ISSUER, account: options.user.email, secret }),
  };
}

/** Step one: the password, then a new secret and backup codes, waiting for a first code. */
export async function startTwoFactorSetup(options: Caller & { password: string }) {
  const { user, request, baseURL, clientAddress } = options;
  const status = await twoFactorStatus({ user, baseURL });
  if (status.state === "on") {
    throw new DomainError("conflict", "Two-factor sign-in is already on.");
  }
  await withPasswordCheck({
    user,
    clientAddress,
    field: "password",
    purpose: "two_factor_setup",
    work: () =>
      auth(baseURL).api.enableTwoFactor({
        body: { password: options.password, issuer: TWO_FACTOR_ISSUER },
        headers: requestHeaders(request, clientAddress),
      }),
  });
}

/** Gives up a setup that was never confirmed (nothing changes for signing in). */
export async function cancelTwoFactorSetup(options: { user: Pick<SessionUser, "id"> }) {
  await db()
    .delete(twoFactors)
    .where(and(eq(twoFactors.userId, options.user.id), eq(twoFactors.verified, false)));
}

/**
 * Step two: the first code from the app turns two-factor on. better-auth then replaces the
 * session (the new cookie is in `headers`); the backup codes are returned to be shown this
 * once.
 */
export async function confirmTwoFactorSetup(options: Caller & { code: string }) {
  const { user, request, baseURL, clientAddress } = options;
  const status = await twoFactorStatus({ user, baseURL });
  if (status.state !== "pending") {
    throw new DomainError("conflict", "There is no two-factor setup waiting for a code.");
  }
  const key = `two-factor-setup:${user.id}`;
  const limit = await consumeRateLimit({
    key,
    limit: MAX_SETUP_CODES,
    windowSeconds: WINDOW_SECONDS,
  });
  const who = { actorId: user.id, actorEmail: user.email, ipAddress: clientAddress };
  if (!limit.allowed) {
    await recordAudit({
      action: "two_factor_failed",
      ...who,
      details: { step: "setup", reason: "rate_limited" },
    });
    throw new DomainError("rate_limited", "Too many wrong codes. Please wait and try again.", {
      title: "Too many attempts",
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  }
  // The first code is claimed as a sign-in's is: it cannot then open a session elsewhere.
  const claim = await claimTotpStep({ userId: user.id, code: options.code, baseURL });
  if (claim.outcome === "used") {
    throw new DomainError("invalid", USED_CODE, { field: "code", title: "Validation Error" });
  }
  const api = auth(baseURL).api;
  let verified;
  try {
    verified = await api.verifyTOTP({
      body: { code: options.code },
      headers: requestHeaders(request, clientAddress),
      returnHeaders: true,
    });
  } catch (error) {
    await claim.giveBack();
    const refusal = authRefusal(error);
    if (refusal?.code !== "INVALID_CODE") throw error;
    await recordAudit({
      action: "two_factor_failed",
      ...who,
      details: { step: "setup", reason: "invalid_code" },
    });
    throw new DomainError(
      "invalid",
      "That code is not right. Please enter the code your app shows now.",
      {
        field: "code",
        title: "Validation Error",
      },
    );
  }
  await releaseRateLimits([{ key, windowStart: limit.windowStart }]);
  const { backupCodes } = await api.viewBackupCodes({ body: { userId: user.id } });
  await recordAudit({ action: "two_factor_enabled", ...who, subject: `user:${user.id}` });
  return { headers: verified.headers, backupCodes };
}

/** New backup codes (the old ones stop working), shown once. */
export async function renewBackupCodes(options: Caller & { password: string }) {
  const { user, request, baseURL, clientAddress } = options;
  const { backupCodes } = await withPasswordCheck({
    user,
    clientAddress,
    field: "password",
    purpose: "backup_codes",
    work: () =>
      auth(baseURL).api.generateBackupCodes({
        body: { password: options.password },
        headers: requestHeaders(request, clientAddress),
      }),
  });
  await recordAudit({
    action: "two_factor_backup_codes_renewed",
    actorId: user.id,
    actorEmail: user.email,
    ipAddress: clientAddress,
    subject: `user:${user.id}`,
  });
  return { backupCodes };
}

/**
 * Turns two-factor off with the password. Refused while the owner requires it of all staff
 * (the owner switches that rule off first). better-auth replaces the session (`headers`).
 */
export async function turnOffTwoFactor(options: Caller & { password: string }) {
  const { user, request, baseURL, clientAddress } = options;
  if (await twoFactorRequired()) {
    throw new DomainError(
      "conflict",
      "The shop requires two-factor sign-in for all staff, so it cannot be turned off.",
    );
  }
  const { headers } = await withPasswordCheck({
    user,
    clientAddress,
    field: "password",
    purpose: "two_factor_off",
    work: () =>
      auth(baseURL).api.disableTwoFactor({
        body: { password: options.password },
        headers: requestHeaders(request, clientAddress),
        returnHeaders: true,
      }),
  });
  await recordAudit({
    action: "two_factor_disabled",
    actorId: user.id,
    actorEmail: user.email,
    ipAddress: clientAddress,
    subject: `user:${user.id}`,
  });
  return { headers };
}
