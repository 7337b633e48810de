import { z } from "zod";

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)),
      `must start with ${protocols.map((p) => `${p}://`).join(" or ")}`,
    );

const optionalText = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATA_DIR: z.string().min(1).default("./data"),
  PUBLIC_URL: optionalUrl(["http", "https"]),
  SMTP_URL: optionalUrl(["smtp", "smtps"]),
  MAIL_FROM: z.string().min(3).optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Submissions of each public form allowed per address in 15 minutes. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Server processes (node cluster) in production with DATABASE_URL; PGlite allows only one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /** Signs session cookies; required in production, a dev-only default elsewhere (authSecret). */
  BETTER_AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
  /** Minutes an unpaid order holds its stock before it is cancelled. */
  ORDER_PAYMENT_MINUTES: z.coerce.number().int().min(1).max(10080).default(60),
  /** PayFast (card and instant EFT): both id and key switch it on. */
  PAYFAST_MERCHANT_ID: optionalText(),
  PAYFAST_MERCHANT_KEY: optionalText(),
  PAYFAST_PASSPHRASE: optionalText(),
  PAYFAST_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  /** Overrides the whole URL of PayFast's ITN "validate" call (…/eng/query/validate); for tests. */
  PAYFAST_VALIDATE_URL: optionalUrl(["http", "https"]),
  /** Addresses or host names an ITN may come from (comma-separated); PayFast's own hosts by default. */
  PAYFAST_VALID_SOURCES: optionalText(),
  /** PayFlex (4 interest-free payments): both id and secret switch it on. */
  PAYFLEX_CLIENT_ID: optionalText(),
  PAYFLEX_CLIENT_SECRET: optionalText(),
  PAYFLEX_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  PAYFLEX_AUTH_URL: optionalUrl(["http", "https"]),
  PAYFLEX_API_URL: optionalUrl(["http", "https"]),
  /** PayFlex is offered only for totals inside this range (Rand). */
  PAYFLEX_MIN_AMOUNT: z.coerce.number().min(0).default(50),
  PAYFLEX_MAX_AMOUNT: z.coerce.number().min(0).default(20000),
});

/** Used only outside production when BETTER_AUTH_SECRET is unset: never for a real shop. */
export const DEV_ONLY_AUTH_SECRET = "dev-only-insecure-auth-secret-never-use-in-production";

export function authSecret(e: Env = env()): string {
  return e.BETTER_AUTH_SECRET ?? DEV_ONLY_AUTH_SECRET;
}

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; a bad value throws an error naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}`);
  }
  if (result.data.NODE_ENV === "production" && !result.data.BETTER_AUTH_SECRET) {
    throw new Error(
      "Invalid environment variables:\n  BETTER_AUTH_SECRET: is required in production (openssl rand -hex 32)",
    );
  }
  return result.data;
}

/** The current environment; parsing is cheap, so tests may change process.env between calls. */
export function env(): Env {
  return parseEnv();
}
