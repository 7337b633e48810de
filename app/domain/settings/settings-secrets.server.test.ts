import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import {
  currentSettingsKey,
  decryptSecret,
  encryptSecret,
  keyIdOf,
  maskedSecret,
  SettingsKeyError,
} from "./settings-secrets.server";

const newKey = () => crypto.randomBytes(32).toString("base64");
const envWith = (values: Record<string, string>) =>
  parseEnv({ NODE_ENV: "test", BETTER_AUTH_SECRET: "x".repeat(40), ...values });

describe("secrets kept in the settings", () => {
  const e = envWith({ SETTINGS_ENCRYPTION_KEY: newKey() });

  it("encrypt with AES-256-GCM under a fresh IV each time, and decrypt back", () => {
    const a = encryptSecret("46f0cd694581a", "payfast_merchant_key", e);
    const b = encryptSecret("46f0cd694581a", "payfast_merchant_key", e);
    expect(a).not.toBe(b);
    expect(a).not.toContain("46f0cd694581a");
    expect(a).toMatch(/^v1\.[0-9a-f]{8}\.[\w-]{16}\.[\w-]+$/);
    expect(keyIdOf(a)).toBe(currentSettingsKey(e)!.id);
    expect(decryptSecret(a, "payfast_merchant_key", e)).toBe("46f0cd694581a");
  });

  it("refuse a value moved to another column, or changed, naming no secret", () => {
    const stored = encryptSecret("s3cret-passphrase", "payfast_passphrase", e);
    expect(() => decryptSecret(stored, "payflex_client_secret", e)).toThrow(SettingsKeyError);
    // One character of the ciphertext changed for another: the one before the last, whose six
    // bits all count. (Choosing the new letter by the last character instead left it unchanged
    // whenever it was already "A": one run in 64 passed nothing tampered.)
    const [v, id, iv, body] = stored.split(".");
    const at = body!.length - 2;
    const flipped = `${v}.${id}.${iv}.${body!.slice(0, at)}${body![at] === "A" ? "B" : "A"}${body!.slice(at + 1)}`;
    expect(flipped).not.toBe(stored);
    expect(() => decryptSecret(flipped, "payfast_passphrase", e)).toThrow(
      /cannot be decrypted with key/,
    );
    try {
      decryptSecret(flipped, "payfast_passphrase", e);
    } catch (error) {
      expect(String(error)).not.toContain("s3cret");
    }
  });

  it("with another key, say which key the value needs", () => {
    const stored = encryptSecret("secret", "payflex_client_secret", e);
    const other = envWith({ SETTINGS_ENCRYPTION_KEY: newKey() });
    expect(() => decryptSecret(stored, "payflex_client_secret", other)).toThrow(
      `The stored payflex_client_secret was encrypted with key ${keyIdOf(stored)}, and SETTINGS_ENCRYPTION_KEY is ${currentSettingsKey(other)!.id}`,
    );
  });

  it("during a rotation, read values under the previous key", () => {
    const stored = encryptSecret("secret", "payflex_client_secret", e);
    const rotated = envWith({
      SETTINGS_ENCRYPTION_KEY: newKey(),
      SETTINGS_ENCRYPTION_KEY_PREVIOUS: e.SETTINGS_ENCRYPTION_KEY!,
    });
    expect(decryptSecret(stored, "payflex_client_secret", rotated)).toBe("secret");
    expect(keyIdOf(encryptSecret("secret", "payflex_client_secret", rotated))).toBe(
      currentSettingsKey(rotated)!.id,
    );
  });

  it("outside production without a key, use one derived from the session secret; in production none", () => {
    const dev = envWith({});
    expect(currentSettingsKey(dev)).toMatchObject({ source: "development" });
    expect(decryptSecret(encryptSecret("k", "f", dev), "f", envWith({}))).toBe("k");
    const production = parseEnv({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://shop.example.co.za",
    });
    expect(currentSettingsKey(production)).toBeNull();
    expect(() => encryptSecret("k", "f", production)).toThrow(/SETTINGS_ENCRYPTION_KEY is not set/);
  });

  it.each(["short", "x".repeat(44), crypto.randomBytes(16).toString("base64")])(
    "refuse SETTINGS_ENCRYPTION_KEY=%j at start, naming the variable",
    (value) => {
      expect(() => envWith({ SETTINGS_ENCRYPTION_KEY: value })).toThrow(
        "SETTINGS_ENCRYPTION_KEY: must be 32 random bytes in base64 (openssl rand -base64 32)",
      );
    },
  );

  it("show only the last four characters, and none of a short secret", () => {
    expect(maskedSecret("46f0cd694581a")).toBe("•••• 581a");
    expect(maskedSecret("abc")).toBe("••••");
    expect(maskedSecret("")).toBe("");
  });
});
