import { createOTP } from "@better-auth/utils/otp";
import { constantTimeEqual, symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { twoFactors } from "~/db/schema";
import { auth } from "./auth.server";

/** better-auth's TOTP settings (the plugin's defaults, which the shop keeps). */
const PERIOD_SECONDS = 30;
const DIGITS = 6;

/**
 * The steps a code is looked for in: better-auth's window (one step either side of now), and
 * one more ahead, because its own check runs a moment later and may have crossed into the next
 * step; a code it can accept then has been claimed here first.
 */
const STEP_OFFSETS = [-1, 0, 1, 2];

/** What a code that was accepted once already gets (the next one the app shows works). */
export const USED_CODE =
  "That code has been used already. Please wait for the next code your app shows.";

export type TotpClaim = {
  outcome: "claimed" | "used" | "unmatched";
  /**
   * Gives a claimed step back (the account's last step as it was, unless another claim moved
   * it since): for a code better-auth then did not accept, which must not count as used.
   */
  giveBack(): Promise<void>;
};

/**
 * Claims the time step of an app code before better-auth checks it, so each code signs in once
 * (RFC 6238 s5.2); the outcome is "used" when the account already accepted that step or a
 * later one; "claimed" when this call moved the account's last step forward (one conditional
 * UPDATE, so of two processes given the same code only one wins); "unmatched" when the code is
 * no recent code of the account, left to better-auth to refuse and count.
 */
export async function claimTotpStep(options: {
  userId: string;
  code: string;
  baseURL: string;
  now?: Date;
}): Promise<TotpClaim> {
  const [row] = await db()
    .select({ secret: twoFactors.secret, lastStep: twoFactors.lastTotpStep })
    .from(twoFactors)
    .where(eq(twoFactors.userId, options.userId));
  const unclaimed = (outcome: "used" | "unmatched"): TotpClaim => ({
    outcome,
    giveBack: async () => {},
  });
  if (!row) return unclaimed("unmatched");
  const key = (await auth(options.baseURL).$context).secretConfig;
  const otp = createOTP(await symmetricDecrypt({ key, data: row.secret }), {
    period: PERIOD_SECONDS,
    digits: DIGITS,
  });
  const now = Math.floor((options.now ?? new Date()).getTime() / (PERIOD_SECONDS * 1000));
  let step: number | null = null;
  // Every candidate is compared, so the time taken does not say which step matched.
  for (const offset of STEP_OFFSETS) {
    if (constantTimeEqual(await otp.hotp(now + offset), options.code)) step ??= now + offset;
  }
  if (step === null) return unclaimed("unmatched");
  if (row.lastStep !== null && step <= row.lastStep) return unclaimed("used");
  const claimed = await db()
    .update(twoFactors)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactors.userId, options.userId),
        or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactors.id });
  if (claimed.length === 0) return unclaimed("used");
  const [previous, taken] = [row.lastStep, step];
  return {
    outcome: "claimed",
    giveBack: async () => {
      await db()
        .update(twoFactors)
        .set({ lastTotpStep: previous })
        .where(and(eq(twoFactors.userId, options.userId), eq(twoFactors.lastTotpStep, taken)));
    },
  };
}
