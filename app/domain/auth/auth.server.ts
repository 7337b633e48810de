import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins";
import { db, type Db } from "~/db/client.server";
import { accounts, sessions, twoFactors, users, verifications } from "~/db/schema";
import { authSecret } from "~/env.server";
import { passwordHashing } from "./password-hash.server";
import { sendPasswordResetMail } from "./password-reset-mail.server";
import {
  resetLink,
  sendVerificationMail,
  verifyLink,
  VERIFY_EMAIL_SECONDS,
} from "~/domain/shoppers/shopper-mail.server";

/** Header our actions use to hand better-auth the visitor's address (see requestHeaders). */
export const CLIENT_ADDRESS_HEADER = "x-shop-client-address";

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** A session that is remembered lasts 7 days and is renewed when used after a day. */
const SESSION_DAYS = 7;

/**
 * The name authenticator apps show beside the account. Without spaces: some apps (and otpauth's
 * parser) read a space in the label's issuer as the end of it.
 */
export const TWO_FACTOR_ISSUER = "SlumberCornerBeds";

/**
 * The two-factor plugin's HTTP paths. Our server never mounts better-auth's handler, but if it
 * ever did these stay off it: every two-factor step goes through our own actions (rate limits,
 * audit log).
 */
const TWO_FACTOR_PATHS = [
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
  "/two-factor/generate-backup-codes",
  "/two-factor/send-otp",
  "/two-factor/verify-otp",
];

function createAuth(database: Db, baseURL: string) {
  return betterAuth({
    appName: "Slumber Corner Beds",
    baseURL,
    secret: authSecret(),
    database: drizzleAdapter(database, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    plugins: [twoFactor({ issuer: TWO_FACTOR_ISSUER })],
    disabledPaths: TWO_FACTOR_PATHS,
    emailAndPassword: {
      enabled: true,
      password: passwordHashing,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      // A sign-up answers the same whether or not the address has an account (accounts.server).
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: ({ user, token }) =>
        sendPasswordResetMail({
          to: user.email,
          link: resetLink(baseURL, user, token),
        }),
    },
    // Shoppers' accounts (/account): the link leads to our own page, which verifies the token.
    emailVerification: {
      expiresIn: VERIFY_EMAIL_SECONDS,
      sendVerificationEmail: ({ user, token }) =>
        sendVerificationMail({ to: user.email, link: verifyLink(baseURL, token) }),
    },
    user: {
      additionalFields: {
        // Never taken from a sign-up form: only admin:create and the owner set it.
        role: { type: "string", required: false, defaultValue: "customer", input: false },
      },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 24 * 60 * 60,
    },
    // Failed sign-ins are limited per account and per address in our own database table
    // (sign-in.server.ts), shared by every process; better-auth's limiter is per process.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      useSecureCookies: baseURL.startsWith("https://"),
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per database handle (tests open several) and per public origin.
const instances = new WeakMap<Db, Map<string, Auth>>();

/** better-auth for the process's database; `baseURL` is the shop's public origin. */
export function auth(baseURL: string): Auth {
  const database = db();
  let byOrigin = instances.get(database);
  if (!byOrigin) {
    byOrigin = new Map();
    instances.set(database, byOrigin);
  }
  let instance = byOrigin.get(baseURL);
  if (!instance) {
    instance = createAuth(database, baseURL);
    byOrigin.set(baseURL, instance);
  }
  return instance;
}

/** The headers better-auth needs from a request: its cookies, browser and address. */
export function requestHeaders(request: Request, clientAddress?: string): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const agent = request.headers.get("user-agent");
  if (agent) headers.set("user-agent", agent);
  if (clientAddress) headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return headers;
}
