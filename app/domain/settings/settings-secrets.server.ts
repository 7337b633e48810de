import crypto from "node:crypto";
import { authSecret, env, type Env } from "~/env.server";

/**
 * Secrets kept in the settings (payment providers' keys) are stored as AES-256-GCM ciphertext:
 * `v1.<key id>.<iv>.<ciphertext and tag>` (base64url), a random 12-byte IV per value, and the
 * column's name as additional data, so a value copied into another column does not decrypt.
 * The key id (the first 8 hex digits of the key's SHA-256) tells a rotation which values are
 * still under the previous key.
 */
export type SettingsKey = { id: string; key: Buffer; source: "environment" | "development" };

export class SettingsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SettingsKeyError";
  }
}

const VERSION = "v1";

function keyFrom(base64: string, source: SettingsKey["source"]): SettingsKey {
  const key = Buffer.from(base64.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  const id = crypto.createHash("sha256").update(key).digest("hex").slice(0, 8);
  return { id, key, source };
}

/**
 * The key new secrets are encrypted with: SETTINGS_ENCRYPTION_KEY, or outside production one
 * derived from the session secret (development and tests keep working with no set-up). Null in
 * production without the variable: nothing secret can be saved then.
 */
export function currentSettingsKey(e: Env = env()): SettingsKey | null {
  // Asked on every read of the settings (every request): worked out once per environment.
  if (!currentKeys.has(e)) currentKeys.set(e, settingsKeyOf(e));
  return currentKeys.get(e)!;
}

const currentKeys = new WeakMap<Env, SettingsKey | null>();

function settingsKeyOf(e: Env): SettingsKey | null {
  if (e.SETTINGS_ENCRYPTION_KEY) return keyFrom(e.SETTINGS_ENCRYPTION_KEY, "environment");
  if (e.NODE_ENV === "production") return null;
  const derived = crypto.hkdfSync("sha256", authSecret(e), "", "settings-encryption", 32);
  const key = Buffer.from(derived);
  const id = crypto.createHash("sha256").update(key).digest("hex").slice(0, 8);
  return { id, key, source: "development" };
}

/** Every key a stored secret may be under: the current one, and the previous during a rotation. */
function knownKeys(e: Env): SettingsKey[] {
  const keys: SettingsKey[] = [];
  const current = currentSettingsKey(e);
  if (current) keys.push(current);
  if (e.SETTINGS_ENCRYPTION_KEY_PREVIOUS) {
    keys.push(keyFrom(e.SETTINGS_ENCRYPTION_KEY_PREVIOUS, "environment"));
  }
  return keys;
}

export const MISSING_KEY_MESSAGE =
  "SETTINGS_ENCRYPTION_KEY is not set: it is required in production to keep the payment providers' secrets saved in Settings > Integrations (openssl rand -base64 32).";

/** Encrypts one secret for the column `field` with the current key. */
export function encryptSecret(plain: string, field: string, e: Env = env()): string {
  const k = currentSettingsKey(e);
  if (!k) throw new SettingsKeyError(MISSING_KEY_MESSAGE);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", k.key, iv);
  cipher.setAAD(Buffer.from(field));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, k.id, iv.toString("base64url"), body.toString("base64url")].join(".");
}

/** The id of the key a stored value was encrypted with; null when it is not our ciphertext. */
export function keyIdOf(stored: string): string | null {
  const parts = stored.split(".");
  return parts.length === 4 && parts[0] === VERSION ? parts[1]! : null;
}

/**
 * Decrypts a stored secret of the column `field`. Throws SettingsKeyError, naming no secret,
 * when no known key has its id or the key does not open it (a wrong key, or a changed value).
 */
export function decryptSecret(stored: string, field: string, e: Env = env()): string {
  const [version, id, iv, body] = stored.split(".");
  if (version !== VERSION || !id || !iv || !body) {
    throw new SettingsKeyError(`The stored ${field} is not encrypted as the shop writes secrets.`);
  }
  const k = knownKeys(e).find((candidate) => candidate.id === id);
  if (!k) {
    throw new SettingsKeyError(
      `The stored ${field} was encrypted with key ${id}, and SETTINGS_ENCRYPTION_KEY is ${
        currentSettingsKey(e)?.id ?? "not set"
      }: set the key it was saved with (or, to rotate, that key as SETTINGS_ENCRYPTION_KEY_PREVIOUS).`,
    );
  }
  try {
    const data = Buffer.from(body, "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", k.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(field));
    decipher.setAuthTag(data.subarray(data.length - 16));
    return Buffer.concat([
      decipher.update(data.subarray(0, data.length - 16)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new SettingsKeyError(
      `The stored ${field} cannot be decrypted with key ${id}: it was changed, or saved with another key.`,
    );
  }
}

/** A secret as the page shows it: its last four characters, none of a short one. */
export function maskedSecret(plain: string): string {
  if (!plain) return "";
  return plain.length >= 8 ? `•••• ${plain.slice(-4)}` : "••••";
}
