import { isIP } from "node:net";
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

const KEY_MESSAGE = "must be 32 random bytes in base64 (openssl rand -base64 32)";

/** An AES-256 key as 32 bytes in base64; kept as text, so the parsed environment prints nothing new. */
const encryptionKey = () =>
  optionalText().refine(
    (v) => v === undefined || /^[A-Za-z0-9+/]{43}=$/.test(v) || /^[A-Za-z0-9_-]{43}$/.test(v),
    KEY_MESSAGE,
  );

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  DATA_DIR: z.string().min(1).default("./data"),
  /** How much the shop logs: fatal, error, warn, info (the default), debug, trace or silent. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /** "json" (one JSON object a line, the default in production) or "pretty" (readable lines). */
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  /** Unset: /metrics is 404. Set: /metrics answers Prometheus with Authorization: Bearer <it>. */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, "must be at least 16 characters"),
  PUBLIC_URL: optionalUrl(["http", "https"]),
  SMTP_URL: optionalUrl(["smtp", "smtps"]),
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * Reverse proxies in front of the shop whose X-Forwarded-For entries are believed: "false"
   * (none), a number of hops (1 for one proxy), or comma-separated addresses/CIDR ranges of the
   * proxies. "true" (every hop, so the client's own left-most entry) is refused.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((v, ctx) => trustProxySetting(v, ctx)),
  /**
   * The demo gateway in production: off unless "true" (`npm run demo` sets it). Outside
   * production it is on while no provider is configured.
   */
  DEMO_PAYMENTS: z.enum(["true", "false"]).optional(),
  /**
   * Production only: lets the shop start while the demo owner can still sign in with the public
   * demo password (`npm run demo` sets it). A real shop refuses to start in that state.
   */
  ALLOW_DEMO_OWNER: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Submissions of each public form allowed per address in 15 minutes. */
  FORM_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Server processes (node cluster) in production with DATABASE_URL; PGlite allows only one. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * Where product images and their sizes are kept: unset, the data folder (DATA_DIR/media);
   * s3://bucket/prefix, S3-compatible object storage that every machine shares.
   */
  MEDIA_STORE: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => mediaStoreSetting(v, ctx)),
  /** An S3-compatible service's address (Cloudflare R2, MinIO, a local server); unset for AWS S3. */
  S3_ENDPOINT: optionalUrl(["http", "https"]),
  /** The bucket's region; us-east-1 by default, which R2 and MinIO also accept. */
  S3_REGION: optionalText(),
  /** Read by the AWS SDK itself (never logged); here only checked to come as a pair. */
  AWS_ACCESS_KEY_ID: optionalText(),
  AWS_SECRET_ACCESS_KEY: optionalText(),
  /**
   * A CDN (or the bucket's public address) in front of the media: image URLs are written on it,
   * e.g. https://media.example.co.za/shop for the object prefix/products/oak-640.webp.
   */
  MEDIA_PUBLIC_URL: optionalUrl(["http", "https"])
    .refine(
      (v) => v === undefined || !/[?#]/.test(v),
      "must be an address without a query or fragment, e.g. https://media.example.co.za/shop",
    )
    .transform((v) => v?.replace(/\/+$/, "")),
  /** Signs session cookies; required in production, a dev-only default elsewhere (authSecret). */
  BETTER_AUTH_SECRET: z.string().trim().min(32, "must be at least 32 characters").optional(),
  /**
   * Encrypts the payment secrets the owner saves in Settings > Integrations: 32 random bytes in
   * base64 (openssl rand -base64 32). Required in production once a secret is stored.
   */
  SETTINGS_ENCRYPTION_KEY: encryptionKey(),
  /** During a rotation only: the key the stored secrets were saved with, re-encrypted at start. */
  SETTINGS_ENCRYPTION_KEY_PREVIOUS: encryptionKey(),
  /** Minutes an unpaid order holds its stock before it is cancelled. */
  ORDER_PAYMENT_MINUTES: z.coerce.number().int().min(1).max(10080).default(60),
  /**
   * Minutes an unpaid order holds the delivery day chosen at checkout while its shopper pays
   * (never beyond its time to pay); then the day is free for others (docs/decisions/039).
   */
  DELIVERY_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Unpaid orders that may hold delivery days at once per address, e-mail and device. */
  DELIVERY_HOLDS_PER_SHOPPER: z.coerce.number().int().min(1).default(2),
  /** PayFast (card and instant EFT): both id and key switch it on. */
  PAYFAST_MERCHANT_ID: optionalText(),
  PAYFAST_MERCHANT_KEY: optionalText(),
  PAYFAST_PASSPHRASE: optionalText(),
  PAYFAST_MODE: z.enum(["sandbox", "live"]).default("sandbox"),
  /** Overrides the whole URL of PayFast's ITN "validate" call (…/eng/query/validate); for tests. */
  PAYFAST_VALIDATE_URL: optionalUrl(["http", "https"]),
  /** Overrides PayFast's REST API base (refunds), https://api.payfast.co.za; for tests. */
  PAYFAST_API_URL: optionalUrl(["http", "https"]),
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

/** Object storage for the media: a bucket and the prefix of every object name ("" for none). */
export type MediaBucket = { bucket: string; prefix: string };

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Path segments of letters, digits, dots, hyphens and underscores, none of them "." or "..". */
const OBJECT_PREFIX = /^(?!\.{1,2}(\/|$))[\w.-]+(\/(?!\.{1,2}(\/|$))[\w.-]+)*$/;

function mediaStoreSetting(
  value: string | undefined,
  ctx: z.RefinementCtx,
): MediaBucket | undefined {
  if (!value) return undefined;
  const match = /^s3:\/\/([^/]+)\/*(.*?)\/*$/.exec(value);
  const bucket = match?.[1] ?? "";
  const prefix = match?.[2] ?? "";
  if (BUCKET_NAME.test(bucket) && (prefix === "" || OBJECT_PREFIX.test(prefix))) {
    return { bucket, prefix };
  }
  ctx.addIssue({
    code: "custom",
    message:
      "must be s3://bucket or s3://bucket/prefix (a bucket name of 3-63 lower-case letters, digits, dots and hyphens; a prefix of letters, digits, dots, hyphens, underscores and slashes); unset keeps the media in DATA_DIR/media",
  });
  return undefined;
}

/** Express's `trust proxy` value for TRUST_PROXY (see the schema). */
export type TrustProxy = false | number | string[];

function trustProxySetting(value: string, ctx: z.RefinementCtx): TrustProxy {
  if (value === "" || value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 10) return hops;
  }
  const entries = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (value !== "true" && entries.length && entries.every(isAddressOrRange)) return entries;
  ctx.addIssue({
    code: "custom",
    message:
      'must be "false", the number of proxies in front of the shop (1-10), or their addresses (e.g. 10.0.0.5,10.0.0.0/8); "true" would believe any X-Forwarded-For a client writes',
  });
  return false;
}

function isAddressOrRange(entry: string) {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length || !address || isIP(address) === 0) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

/** Whether the demo gateway takes payments when no provider is configured. */
export function demoPaymentsAllowed(e: Env = env()): boolean {
  if (e.DEMO_PAYMENTS) return e.DEMO_PAYMENTS === "true";
  return e.NODE_ENV !== "production";
}

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
  const storage = objectStorageProblems(result.data);
  if (storage.length) throw new Error(`Invalid environment variables:\n${storage.join("\n")}`);
  if (result.data.NODE_ENV === "production") {
    const missing: string[] = [];
    if (!result.data.BETTER_AUTH_SECRET) {
      missing.push("  BETTER_AUTH_SECRET: is required in production (openssl rand -hex 32)");
    }
    if (!result.data.PUBLIC_URL) {
      missing.push(
        "  PUBLIC_URL: is required in production: the shop's public address, e.g. https://shop.example.co.za (every link in e-mails and to payment providers is built from it)",
      );
    }
    if (missing.length) throw new Error(`Invalid environment variables:\n${missing.join("\n")}`);
  }
  return result.data;
}

/** Settings for object storage that make no sense without it, or half a pair of keys. */
function objectStorageProblems(e: Env): string[] {
  const problems: string[] = [];
  if (!e.MEDIA_STORE) {
    for (const name of ["S3_ENDPOINT", "S3_REGION"] as const) {
      if (e[name]) {
        problems.push(
          `  ${name}: is set, but MEDIA_STORE is not (s3://bucket/prefix), so the media would stay in DATA_DIR/media`,
        );
      }
    }
  }
  if (!e.AWS_ACCESS_KEY_ID !== !e.AWS_SECRET_ACCESS_KEY) {
    const [missing, given] = e.AWS_ACCESS_KEY_ID
      ? ["AWS_SECRET_ACCESS_KEY", "AWS_ACCESS_KEY_ID"]
      : ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"];
    problems.push(`  ${missing}: is required with ${given} (the object storage's key pair)`);
  }
  return problems;
}

const ENV_NAMES = Object.keys(envSchema.shape);
let parsed: { values: (string | undefined)[]; env: Readonly<Env> } | undefined;

/**
 * Whether the server has settled its environment. Kept on the process, not in this module: the
 * server's entry and the shop's build each bundle a copy of this file, and the entry settles
 * its own before it loads the build.
 */
const SETTLED = Symbol.for("bed-shop.env-settled");
const isSettled = () => (globalThis as Record<symbol, unknown>)[SETTLED] === true;

/**
 * Called by the server as it starts: its environment does not change from then on, so env()
 * stops comparing every variable with the last parse (about 20 µs a call with 50 variables, and
 * a page asks several times: issue 37). Tests, which change process.env, never call it.
 */
export function settleEnv(): void {
  env();
  (globalThis as Record<symbol, unknown>)[SETTLED] = true;
}

/**
 * The current environment. Parsing it took half a millisecond, and a page asks for it several
 * times, so it is parsed again only when one of its variables has changed since the last call
 * (tests change process.env between calls).
 */
export function env(): Readonly<Env> {
  if (parsed && isSettled()) return parsed.env;
  const values = ENV_NAMES.map((name) => process.env[name]);
  if (parsed && values.every((value, i) => value === parsed!.values[i])) return parsed.env;
  const current = Object.freeze(parseEnv());
  parsed = { values, env: current };
  return current;
}
