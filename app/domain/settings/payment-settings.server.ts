import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { recordAudit } from "~/domain/audit/audit-log.server";
import type { SessionUser } from "~/domain/auth/roles";
import { DomainError } from "~/domain/errors";
import {
  providerSetByEnvironment,
  setStoredProviderConfig,
  storedProviderConfigFrom,
  type StoredProviderConfig,
} from "~/domain/payments/providers.server";
import { env, type Env } from "~/env.server";
import { log } from "~/lib/log.server";
import {
  currentSettingsKey,
  decryptSecret,
  encryptSecret,
  keyIdOf,
  maskedSecret,
  MISSING_KEY_MESSAGE,
  SettingsKeyError,
} from "./settings-secrets.server";
import type { PayfastSettingsInput, PayflexSettingsInput } from "./settings-schemas";
import type { StoreSettings } from "./store-settings.server";

type Actor = Pick<SessionUser, "id" | "email" | "role">;
type Mode = "sandbox" | "live";
export type PaymentSetupProvider = "payfast" | "payflex";

/** The encrypted columns, with the name each is bound to (the cipher's additional data). */
const SECRET_COLUMNS = {
  payfastMerchantKeyEncrypted: "payfast_merchant_key",
  payfastPassphraseEncrypted: "payfast_passphrase",
  payflexClientSecretEncrypted: "payflex_client_secret",
} as const;
type SecretColumn = keyof typeof SECRET_COLUMNS;

type PaymentColumns = Pick<
  StoreSettings,
  | "payfastMerchantId"
  | "payfastMerchantKeyEncrypted"
  | "payfastPassphraseEncrypted"
  | "payfastMode"
  | "payflexClientId"
  | "payflexClientSecretEncrypted"
  | "payflexMode"
>;

const modeOf = (value: string): Mode => (value === "live" ? "live" : "sandbox");
const open = (row: PaymentColumns, column: SecretColumn, e: Env) =>
  row[column] ? decryptSecret(row[column], SECRET_COLUMNS[column], e) : "";

/** The saved credentials, decrypted; throws SettingsKeyError when the key cannot open them. */
function storedConfigOf(row: PaymentColumns, e: Env): StoredProviderConfig {
  return {
    payfast:
      row.payfastMerchantId && row.payfastMerchantKeyEncrypted
        ? {
            merchantId: row.payfastMerchantId,
            merchantKey: open(row, "payfastMerchantKeyEncrypted", e),
            passphrase: open(row, "payfastPassphraseEncrypted", e),
            mode: modeOf(row.payfastMode),
          }
        : null,
    payflex:
      row.payflexClientId && row.payflexClientSecretEncrypted
        ? {
            clientId: row.payflexClientId,
            clientSecret: open(row, "payflexClientSecretEncrypted", e),
            mode: modeOf(row.payflexMode),
          }
        : null,
  };
}

/**
 * Hands the saved credentials to the payment providers of this process, decrypting them only
 * when they (or the key) changed since the last call. Called on every read of the settings row,
 * after a save and at start, so a save in any process reaches every process at its next request
 * without a restart. A value the key cannot open switches that shop's saved providers off and is
 * logged without the secret (start-up refuses that state; this only happens if the key changed).
 */
export function applyStoredPaymentSettings(row: PaymentColumns, e: Env = env()): void {
  const signature = crypto
    .createHash("sha256")
    .update(
      [
        currentSettingsKey(e)?.id ?? "",
        e.SETTINGS_ENCRYPTION_KEY_PREVIOUS ?? "",
        ...Object.values(pickPaymentColumns(row)),
      ].join("\n"),
    )
    .digest("hex");
  if (signature === storedProviderConfigFrom()) return;
  try {
    setStoredProviderConfig(storedConfigOf(row, e), signature);
  } catch (error) {
    if (!(error instanceof SettingsKeyError)) throw error;
    log.error({ reason: error.message }, "The saved payment credentials cannot be decrypted");
    setStoredProviderConfig({ payfast: null, payflex: null }, signature);
  }
}

function pickPaymentColumns(row: PaymentColumns): PaymentColumns {
  return {
    payfastMerchantId: row.payfastMerchantId,
    payfastMerchantKeyEncrypted: row.payfastMerchantKeyEncrypted,
    payfastPassphraseEncrypted: row.payfastPassphraseEncrypted,
    payfastMode: row.payfastMode,
    payflexClientId: row.payflexClientId,
    payflexClientSecretEncrypted: row.payflexClientSecretEncrypted,
    payflexMode: row.payflexMode,
  };
}

/** A secret as the page shows it, "•••• 1a2b", or why it cannot be shown; never the secret. */
function shown(row: PaymentColumns, column: SecretColumn, e: Env): string {
  try {
    return maskedSecret(open(row, column, e));
  } catch {
    return "saved, but cannot be read with the current key";
  }
}

/**
 * What Settings > Integrations shows of the payment set-up: where each provider's credentials
 * come from (the environment wins as a whole), the saved ids and mode, and each saved secret as
 * its last four characters. Nothing of the environment's values, nothing secret.
 */
export function paymentSetupView(row: PaymentColumns, e: Env = env()) {
  const byEnv = providerSetByEnvironment(e);
  return {
    /** Production without SETTINGS_ENCRYPTION_KEY: secrets cannot be saved. */
    canStoreSecrets: currentSettingsKey(e) !== null,
    payfast: {
      setByEnvironment: byEnv.payfast,
      saved: Boolean(row.payfastMerchantId && row.payfastMerchantKeyEncrypted),
      merchantId: byEnv.payfast ? "" : row.payfastMerchantId,
      merchantKey: byEnv.payfast ? "" : shown(row, "payfastMerchantKeyEncrypted", e),
      passphrase: byEnv.payfast ? "" : shown(row, "payfastPassphraseEncrypted", e),
      mode: byEnv.payfast ? e.PAYFAST_MODE : modeOf(row.payfastMode),
    },
    payflex: {
      setByEnvironment: byEnv.payflex,
      saved: Boolean(row.payflexClientId && row.payflexClientSecretEncrypted),
      clientId: byEnv.payflex ? "" : row.payflexClientId,
      clientSecret: byEnv.payflex ? "" : shown(row, "payflexClientSecretEncrypted", e),
      mode: byEnv.payflex ? e.PAYFLEX_MODE : modeOf(row.payflexMode),
    },
  };
}
export type PaymentSetupView = ReturnType<typeof paymentSetupView>;

const NAMES = { payfast: "PayFast", payflex: "PayFlex" } as const;

function ownerOnly(actor: Actor) {
  if (actor.role !== "owner") {
    throw new DomainError("forbidden", "Only the shop's owner can set up payment providers.");
  }
}

function refuseWhenSetByEnvironment(provider: PaymentSetupProvider, e: Env) {
  if (providerSetByEnvironment(e)[provider]) {
    throw new DomainError(
      "conflict",
      `${NAMES[provider]} is set by the server's environment, which wins over the settings: change it there.`,
      { title: "Set by the Environment" },
    );
  }
}

type SecretChange = { column: SecretColumn; typed: string; label: string; field: string };

/**
 * Saves one provider's set-up for the owner: ids and mode as typed, each secret encrypted when
 * one was typed (empty keeps the saved one). One transaction with one audit line that names what
 * changed: ids and mode with their old and new values, a secret only as "changed". The
 * providers of this process use the new set-up from the next request; the others read it with
 * the settings row.
 */
async function savePaymentSetup(options: {
  actor: Actor;
  provider: PaymentSetupProvider;
  plain: Partial<
    Pick<StoreSettings, "payfastMerchantId" | "payfastMode" | "payflexClientId" | "payflexMode">
  >;
  secrets: SecretChange[];
  required: SecretChange;
  e?: Env;
}): Promise<{ changed: string[] }> {
  const { actor, provider } = options;
  const e = options.e ?? env();
  ownerOnly(actor);
  refuseWhenSetByEnvironment(provider, e);
  const result = await db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.id, 1))
      .for("update");
    if (!current) throw new DomainError("not_found", "The store settings are missing.");
    const required = options.required;
    if (!options.required.typed && !current[required.column]) {
      throw new DomainError("invalid", `Enter the ${required.label}.`, { field: required.field });
    }
    const changes: Partial<StoreSettings> = {};
    const details: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(options.plain) as [keyof PaymentColumns, string][]) {
      if (current[key] !== value) {
        changes[key] = value;
        details[key] = { from: current[key], to: value };
      }
    }
    for (const secret of options.secrets) {
      if (!secret.typed || sameSecret(current, secret, e)) continue;
      changes[secret.column] = encrypted(secret, e);
      details[secret.field] = `${NAMES[provider]} ${secret.label} changed`;
    }
    const changed = Object.keys(details);
    if (changed.length === 0) return { changed, row: current };
    const [row] = await tx
      .update(storeSettings)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(storeSettings.id, 1))
      .returning();
    await recordAudit(
      {
        action: "settings_updated",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `settings:${provider}`,
        details,
      },
      tx,
    );
    return { changed, row: row! };
  });
  applyStoredPaymentSettings(result.row, e);
  return { changed: result.changed };
}

function sameSecret(current: PaymentColumns, secret: SecretChange, e: Env): boolean {
  try {
    return open(current, secret.column, e) === secret.typed;
  } catch {
    return false;
  }
}

function encrypted(secret: SecretChange, e: Env): string {
  try {
    return encryptSecret(secret.typed, SECRET_COLUMNS[secret.column], e);
  } catch (error) {
    if (!(error instanceof SettingsKeyError)) throw error;
    throw new DomainError("conflict", MISSING_KEY_MESSAGE, {
      field: secret.field,
      fieldMessage: "The server has no encryption key for secrets: ask whoever runs it.",
      title: "Cannot Keep Secrets",
    });
  }
}

export function updatePayfastSettings(options: {
  actor: Actor;
  input: PayfastSettingsInput;
  e?: Env;
}) {
  const { input } = options;
  const key: SecretChange = {
    column: "payfastMerchantKeyEncrypted",
    typed: input.payfastMerchantKey,
    label: "merchant key",
    field: "payfastMerchantKey",
  };
  return savePaymentSetup({
    actor: options.actor,
    provider: "payfast",
    e: options.e,
    plain: { payfastMerchantId: input.payfastMerchantId, payfastMode: input.payfastMode },
    secrets: [
      key,
      {
        column: "payfastPassphraseEncrypted",
        typed: input.payfastPassphrase,
        label: "passphrase",
        field: "payfastPassphrase",
      },
    ],
    required: key,
  });
}

export function updatePayflexSettings(options: {
  actor: Actor;
  input: PayflexSettingsInput;
  e?: Env;
}) {
  const { input } = options;
  const secret: SecretChange = {
    column: "payflexClientSecretEncrypted",
    typed: input.payflexClientSecret,
    label: "client secret",
    field: "payflexClientSecret",
  };
  return savePaymentSetup({
    actor: options.actor,
    provider: "payflex",
    e: options.e,
    plain: { payflexClientId: input.payflexClientId, payflexMode: input.payflexMode },
    secrets: [secret],
    required: secret,
  });
}

/** Forgets one provider's saved set-up (ids, secrets, mode back to sandbox), audited. */
export async function removePaymentSetup(options: {
  actor: Actor;
  provider: PaymentSetupProvider;
  e?: Env;
}): Promise<{ removed: boolean }> {
  const { actor, provider } = options;
  const e = options.e ?? env();
  ownerOnly(actor);
  const cleared =
    provider === "payfast"
      ? {
          payfastMerchantId: "",
          payfastMerchantKeyEncrypted: "",
          payfastPassphraseEncrypted: "",
          payfastMode: "sandbox",
        }
      : { payflexClientId: "", payflexClientSecretEncrypted: "", payflexMode: "sandbox" };
  const result = await db().transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.id, 1))
      .for("update");
    if (!current) throw new DomainError("not_found", "The store settings are missing.");
    const had = provider === "payfast" ? current.payfastMerchantId : current.payflexClientId;
    if (
      !had &&
      Object.entries(cleared).every(([k, v]) => current[k as keyof typeof cleared] === v)
    ) {
      return { removed: false, row: current };
    }
    const [row] = await tx
      .update(storeSettings)
      .set({ ...cleared, updatedAt: sql`now()` })
      .where(eq(storeSettings.id, 1))
      .returning();
    await recordAudit(
      {
        action: "settings_updated",
        actorId: actor.id,
        actorEmail: actor.email,
        subject: `settings:${provider}`,
        details: { removed: `${NAMES[provider]} set-up removed` },
      },
      tx,
    );
    return { removed: true, row: row! };
  });
  applyStoredPaymentSettings(result.row, e);
  return { removed: result.removed };
}

/**
 * At start: a shop with saved secrets needs a key that opens them. Throws SettingsKeyError with
 * a message for whoever starts the shop (no key in production, or the wrong one). During a
 * rotation (SETTINGS_ENCRYPTION_KEY_PREVIOUS set) re-encrypts what is still under the previous
 * key with the current one, in one transaction. Then hands the set-up to the providers.
 */
export async function checkStoredSecrets(e: Env = env()): Promise<{ reencrypted: number }> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(storeSettings)
      .where(eq(storeSettings.id, 1))
      .for("update");
    if (!row) return { reencrypted: 0 };
    const stored = (Object.keys(SECRET_COLUMNS) as SecretColumn[]).filter((c) => row[c] !== "");
    const key = currentSettingsKey(e);
    if (stored.length > 0 && !key) throw new SettingsKeyError(MISSING_KEY_MESSAGE);
    const rotated: Partial<Record<SecretColumn, string>> = {};
    for (const column of stored) {
      const plain = decryptSecret(row[column], SECRET_COLUMNS[column], e);
      if (keyIdOf(row[column]) !== key!.id) {
        rotated[column] = encryptSecret(plain, SECRET_COLUMNS[column], e);
      }
    }
    const reencrypted = Object.keys(rotated).length;
    let current: PaymentColumns = row;
    if (reencrypted > 0) {
      [current] = (await tx
        .update(storeSettings)
        .set(rotated)
        .where(eq(storeSettings.id, 1))
        .returning()) as [StoreSettings];
      await recordAudit(
        {
          action: "settings_updated",
          subject: "settings:encryption-key",
          details: { reencrypted: `${reencrypted} saved secrets re-encrypted with key ${key!.id}` },
        },
        tx,
      );
    }
    applyStoredPaymentSettings(current, e);
    return { reencrypted };
  });
}
