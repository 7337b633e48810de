import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, storeSettings, users } from "~/db/schema";
import { completeCheckout } from "~/domain/orders/checkout.server";
import { startPayment } from "~/domain/orders/pay-order.server";
import { payfastFormSignature } from "~/domain/payments/payfast.server";
import { resetPayflexTokens } from "~/domain/payments/payflex.server";
import { paymentMethodsFor, providerForMethod } from "~/domain/payments/providers.server";
import { checkPaymentConnection, integrationStatus } from "~/domain/settings/integrations.server";
import {
  checkStoredSecrets,
  paymentSetupView,
  removePaymentSetup,
  updatePayfastSettings,
  updatePayflexSettings,
} from "~/domain/settings/payment-settings.server";
import { SettingsKeyError } from "~/domain/settings/settings-secrets.server";
import { getStoreSettings } from "~/domain/settings/store-settings.server";
import { useTestDatabase } from "../../setup/database";
import { setEnv, setUpShop, startServer } from "../payments/helpers";

useTestDatabase();

const MERCHANT_KEY = "46f0cd694581a";
const PASSPHRASE = "jt7NOE43FZPn";
const PAYFLEX_SECRET = "payflex-client-secret-9f8e";
const owner = { id: "owner-1", email: "owner@example.com", role: "owner" as const };
const KEY = randomBytes(32).toString("base64");

let shop: Awaited<ReturnType<typeof setUpShop>>;
let standIn: Awaited<ReturnType<typeof startServer>>;
let restoreEnv: () => void;
const pings: { merchantId: string; signature: string }[] = [];
const tokens: string[] = [];

beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ ...owner, name: "Owner" });
  // PayFast's /ping and PayFlex's token endpoint, answering for the saved credentials only.
  standIn = await startServer(({ method, url, headers, body }) => {
    if (method === "GET" && url.startsWith("/ping")) {
      pings.push({
        merchantId: String(headers["merchant-id"]),
        signature: String(headers.signature),
      });
      return headers["merchant-id"] === "10000100"
        ? { body: '"API v1"' }
        : { status: 401, body: { status: "failed" } };
    }
    if (method === "POST" && url === "/auth/merchant") {
      const sent = JSON.parse(body) as { client_id?: string; client_secret?: string };
      tokens.push(String(sent.client_id));
      return sent.client_secret === PAYFLEX_SECRET
        ? { body: { access_token: "t", expires_in: 3600 } }
        : { status: 401, body: { error: "access_denied" } };
    }
    return { status: 404, body: "no" };
  });
  restoreEnv = setEnv({
    SETTINGS_ENCRYPTION_KEY: KEY,
    SETTINGS_ENCRYPTION_KEY_PREVIOUS: undefined,
    PAYFAST_MERCHANT_ID: undefined,
    PAYFAST_MERCHANT_KEY: undefined,
    PAYFAST_PASSPHRASE: undefined,
    PAYFLEX_CLIENT_ID: undefined,
    PAYFLEX_CLIENT_SECRET: undefined,
    PAYFAST_API_URL: standIn.url,
    PAYFLEX_AUTH_URL: `${standIn.url}/auth/merchant`,
    PAYFLEX_API_URL: standIn.url,
  });
});
afterEach(() => resetPayflexTokens());
afterAll(async () => {
  await removePaymentSetup({ actor: owner, provider: "payfast" });
  await removePaymentSetup({ actor: owner, provider: "payflex" });
  restoreEnv();
  await standIn.close();
  await shop.cleanup();
});

const checkoutInput = () => ({
  firstName: "Thandi",
  lastName: "Mokoena",
  email: "thandi@example.com",
  phone: "+27 82 123 4567",
  address: "12 Church Street",
  complex: "",
  suburb: "",
  city: "Lichtenburg",
  province: "NW" as const,
  postal: "2740",
  deliveryMobile: "",
  accessNotes: "",
  deliveryMethod: "standard" as const,
  paymentMethod: "card" as const,
  promoCode: "",
  terms: "on" as const,
  lines: [{ variantId: shop.variantId, quantity: 1 }],
  idempotencyKey: randomBytes(16).toString("hex"),
});

const rawRow = async () =>
  (await db().execute(sql`select * from store_settings where id = 1`)).rows[0] as Record<
    string,
    unknown
  >;

const savePayfast = (
  overrides: Partial<Parameters<typeof updatePayfastSettings>[0]["input"]> = {},
) =>
  updatePayfastSettings({
    actor: owner,
    input: {
      payfastMerchantId: "10000100",
      payfastMerchantKey: MERCHANT_KEY,
      payfastPassphrase: PASSPHRASE,
      payfastMode: "sandbox",
      ...overrides,
    },
  });

describe("setting PayFast up in the settings", () => {
  it("switches PayFast on for the next checkout without a restart, signed with the saved passphrase", async () => {
    expect(providerForMethod("card")?.name).toBe("demo");
    await savePayfast();
    expect(paymentMethodsFor(349900)).toEqual(["card", "payfast"]);

    const { next } = await completeCheckout({
      input: checkoutInput(),
      siteUrl: "https://shop.example",
    });
    const started = await startPayment({
      reference: next.replace("/payments/", ""),
      siteUrl: "https://shop.example",
    });
    expect(started).toMatchObject({ kind: "form", provider: "payfast" });
    if (started.kind !== "form") return;
    const fields = Object.fromEntries(started.form.fields);
    expect(started.form.action).toBe("https://sandbox.payfast.co.za/eng/process");
    expect(fields).toMatchObject({ merchant_id: "10000100", merchant_key: MERCHANT_KEY });
    // Signed with the saved passphrase (PayFast's form signature, as its test proves it).
    const unsigned = started.form.fields.filter(([name]) => name !== "signature");
    expect(fields.signature).toBe(payfastFormSignature(unsigned, PASSPHRASE));
    expect(fields.signature).not.toBe(payfastFormSignature(unsigned, undefined));

    // "Test the connection" asks the stand-in with the saved credentials.
    const { message } = await checkPaymentConnection({ actor: owner, provider: "payfast" });
    expect(message).toBe("PayFast accepted the shop's credentials (sandbox).");
    expect(pings.at(-1)?.merchantId).toBe("10000100");
  });

  it("keeps only ciphertext in the database, and the page shows the last four characters", async () => {
    await savePayfast();
    const row = await rawRow();
    const text = JSON.stringify(row);
    expect(text).not.toContain(MERCHANT_KEY);
    expect(text).not.toContain(PASSPHRASE);
    expect(row.payfast_merchant_key_encrypted).toMatch(/^v1\.[0-9a-f]{8}\./);
    expect(row.payfast_passphrase_encrypted).toMatch(/^v1\.[0-9a-f]{8}\./);

    const view = paymentSetupView(await getStoreSettings());
    expect(view.payfast).toMatchObject({
      setByEnvironment: false,
      merchantId: "10000100",
      merchantKey: "•••• 581a",
      passphrase: "•••• FZPn",
    });
    expect(JSON.stringify(view)).not.toMatch(new RegExp(`${MERCHANT_KEY}|${PASSPHRASE}`));
  });

  it("an empty secret keeps the saved one; a change is audited by name, never by value", async () => {
    await savePayfast();
    const before = (await rawRow()).payfast_merchant_key_encrypted;
    const kept = await savePayfast({
      payfastMerchantKey: "",
      payfastPassphrase: "",
      payfastMode: "live",
    });
    expect(kept.changed).toEqual(["payfastMode"]);
    expect((await rawRow()).payfast_merchant_key_encrypted).toBe(before);
    expect(integrationStatus().payfast).toMatchObject({ configured: true, mode: "live" });

    await savePayfast({ payfastPassphrase: "a-new-passphrase" });
    const [line] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, "settings:payfast"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(line!.details).toEqual({
      payfastMode: { from: "live", to: "sandbox" },
      payfastPassphrase: "PayFast passphrase changed",
    });
    const audits = JSON.stringify(await db().select().from(auditLog));
    expect(audits).not.toMatch(/a-new-passphrase|46f0cd694581a|jt7NOE43FZPn/);
  });

  it("the first save needs the key, by its field", async () => {
    await removePaymentSetup({ actor: owner, provider: "payfast" });
    await expect(savePayfast({ payfastMerchantKey: "" })).rejects.toMatchObject({
      kind: "invalid",
      field: "payfastMerchantKey",
      message: "Enter the merchant key.",
    });
  });

  it("only the owner sets providers up", async () => {
    for (const role of ["staff", "customer"] as const) {
      await expect(
        updatePayfastSettings({
          actor: { ...owner, role },
          input: {
            payfastMerchantId: "1",
            payfastMerchantKey: "x",
            payfastPassphrase: "",
            payfastMode: "live",
          },
        }),
      ).rejects.toMatchObject({ kind: "forbidden" });
    }
  });
});

describe("the environment wins", () => {
  it("over the saved PayFast set-up, and the page says so and takes no change", async () => {
    await savePayfast();
    const restore = setEnv({
      PAYFAST_MERCHANT_ID: "20000200",
      PAYFAST_MERCHANT_KEY: "envkey12345",
    });
    try {
      const { next } = await completeCheckout({
        input: checkoutInput(),
        siteUrl: "https://shop.example",
      });
      const started = await startPayment({
        reference: next.replace("/payments/", ""),
        siteUrl: "https://shop.example",
      });
      if (started.kind !== "form") throw new Error("expected PayFast's form");
      expect(Object.fromEntries(started.form.fields)).toMatchObject({
        merchant_id: "20000200",
        merchant_key: "envkey12345",
      });
      const view = paymentSetupView(await getStoreSettings());
      expect(view.payfast).toMatchObject({
        setByEnvironment: true,
        merchantId: "",
        merchantKey: "",
      });
      await expect(savePayfast()).rejects.toMatchObject({ kind: "conflict" });
    } finally {
      restore();
    }
    expect(paymentSetupView(await getStoreSettings()).payfast.setByEnvironment).toBe(false);
  });
});

describe("setting PayFlex up", () => {
  it("switches it on, tested against the stand-in, the secret only as ciphertext", async () => {
    await updatePayflexSettings({
      actor: owner,
      input: {
        payflexClientId: "shop-client",
        payflexClientSecret: PAYFLEX_SECRET,
        payflexMode: "sandbox",
      },
    });
    expect(providerForMethod("payflex")?.name).toBe("payflex");
    const { message } = await checkPaymentConnection({ actor: owner, provider: "payflex" });
    expect(message).toBe("PayFlex accepted the shop's credentials (sandbox).");
    expect(tokens.at(-1)).toBe("shop-client");
    expect(JSON.stringify(await rawRow())).not.toContain(PAYFLEX_SECRET);
    expect(paymentSetupView(await getStoreSettings()).payflex.clientSecret).toBe("•••• 9f8e");

    await removePaymentSetup({ actor: owner, provider: "payflex" });
    expect(providerForMethod("payflex")?.name).not.toBe("payflex");
  });
});

describe("starting with saved secrets", () => {
  it("refuses a wrong key, or none in production, with a clear message; a rotation re-encrypts", async () => {
    await savePayfast();
    const wrong = setEnv({ SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString("base64") });
    try {
      await expect(checkStoredSecrets()).rejects.toThrow(SettingsKeyError);
      await expect(checkStoredSecrets()).rejects.toThrow(
        /was encrypted with key [0-9a-f]{8}, and SETTINGS_ENCRYPTION_KEY is [0-9a-f]{8}: set the key it was saved with/,
      );
    } finally {
      wrong();
    }

    const production = setEnv({
      NODE_ENV: "production",
      PUBLIC_URL: "https://shop.example",
      BETTER_AUTH_SECRET: "x".repeat(40),
      SETTINGS_ENCRYPTION_KEY: undefined,
    });
    try {
      await expect(checkStoredSecrets()).rejects.toThrow(
        "SETTINGS_ENCRYPTION_KEY is not set: it is required in production",
      );
    } finally {
      production();
    }

    const next = randomBytes(32).toString("base64");
    const rotation = setEnv({
      SETTINGS_ENCRYPTION_KEY: next,
      SETTINGS_ENCRYPTION_KEY_PREVIOUS: KEY,
    });
    try {
      expect(await checkStoredSecrets()).toEqual({ reencrypted: 2 });
    } finally {
      rotation();
    }
    const afterRotation = setEnv({ SETTINGS_ENCRYPTION_KEY: next });
    try {
      expect(await checkStoredSecrets()).toEqual({ reencrypted: 0 });
      expect(providerForMethod("card")?.name).toBe("payfast");
      await savePayfast({ payfastMerchantKey: "", payfastPassphrase: "" });
    } finally {
      afterRotation();
    }
    // Back on the first key, the rotated values are refused.
    await expect(checkStoredSecrets()).rejects.toThrow(SettingsKeyError);
    await removePaymentSetup({ actor: owner, provider: "payfast" });
    expect((await db().select().from(storeSettings))[0]!.payfastMerchantKeyEncrypted).toBe("");
    expect(await checkStoredSecrets()).toEqual({ reencrypted: 0 });
  });
});
