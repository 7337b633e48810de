// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as integrations from "~/routes/admin/settings-integrations";
import { removePaymentSetup } from "~/domain/settings/payment-settings.server";
import { useTestDatabase } from "../../setup/database";
import { insertStoreSettings } from "../../factories";
import { setEnv } from "../payments/helpers";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "./helpers";

useTestDatabase();

const PATH = "/admin/settings/integrations";
const MERCHANT_KEY = "46f0cd694581a";
const PASSPHRASE = "jt7NOE43FZPn";
const PAYFLEX_SECRET = "payflex-client-secret-9f8e";
const SECRETS = new RegExp([MERCHANT_KEY, PASSPHRASE, PAYFLEX_SECRET].join("|"));

const PAYFAST = {
  intent: "payfast",
  payfastMerchantId: "10000100",
  payfastMerchantKey: MERCHANT_KEY,
  payfastPassphrase: PASSPHRASE,
  payfastMode: "sandbox",
};
const PAYFLEX = {
  intent: "payflex",
  payflexClientId: "shop-client",
  payflexClientSecret: PAYFLEX_SECRET,
  payflexMode: "live",
};
const BANK = {
  intent: "bank",
  bankName: "FNB",
  bankAccountHolder: "Slumber Corner (Pty) Ltd",
  bankAccountNumber: "6201 234 5678",
  bankBranchCode: "250655",
  bankAccountType: "Cheque",
};
const FORMS: Record<string, string>[] = [
  PAYFAST,
  PAYFLEX,
  BANK,
  { intent: "remove-payfast" },
  { intent: "remove-payflex" },
];

let owner: { cookie: string };
let staff: { cookie: string };
let customer: { cookie: string };
let restoreEnv: () => void;

beforeAll(async () => {
  await insertStoreSettings();
  restoreEnv = setEnv({
    SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    PAYFAST_MERCHANT_ID: undefined,
    PAYFAST_MERCHANT_KEY: undefined,
    PAYFLEX_CLIENT_ID: undefined,
    PAYFLEX_CLIENT_SECRET: undefined,
  });
  [owner, staff, customer] = await Promise.all([
    signedIn("owner"),
    signedIn("staff"),
    signedIn("customer"),
  ]);
});
afterAll(async () => {
  const actor = { id: "x", email: "x@example.com", role: "owner" as const };
  await removePaymentSetup({ actor, provider: "payfast" }).catch(() => {});
  await removePaymentSetup({ actor, provider: "payflex" }).catch(() => {});
  restoreEnv();
});

const post = (fields: Record<string, string>, cookie?: string) =>
  routeOutcome(integrations.action, formRequest(PATH, fields, cookie), {});
const page = (cookie: string) =>
  routeOutcome(integrations.loader, shopRequest(PATH, { cookie }), {});
const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;

describe("who may set payment providers and bank details up", () => {
  it.each(FORMS.map((f) => [f.intent, f]))(
    "%s: signed out goes to the staff sign-in",
    async (_, fields) => {
      const { thrown } = await post(fields);
      expect((thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    },
  );

  it.each(FORMS.map((f) => [f.intent, f]))(
    "%s: a customer and a staff member get 403",
    async (_, fields) => {
      for (const who of [customer, staff]) {
        const result = await post(fields, who.cookie);
        expect(result.returned).toBeUndefined();
        expect(statusOf(result.thrown)).toBe(403);
      }
    },
  );

  it("staff see the tab read-only, without any secret", async () => {
    await post(PAYFAST, owner.cookie);
    const result = await page(staff.cookie);
    expect(result.returned).toMatchObject({ canEdit: false });
    expect(JSON.stringify(result.returned)).not.toMatch(SECRETS);
  });
});

describe("the owner sets them up", () => {
  it("saves PayFast and PayFlex; the page shows the last four characters and never a secret", async () => {
    for (const fields of [PAYFAST, PAYFLEX]) {
      const saved = await post(fields, owner.cookie);
      expect(statusOf(saved.returned)).toBe(200);
      expect(body(saved.returned)).toMatchObject({
        ok: true,
        message: { title: "Settings Saved" },
      });
      expect(JSON.stringify(saved.returned)).not.toMatch(SECRETS);
    }
    const result = await page(owner.cookie);
    expect(result.returned).toMatchObject({
      canEdit: true,
      status: {
        payfast: { configured: true, mode: "sandbox", setByEnvironment: false },
        payflex: { configured: true, mode: "live", setByEnvironment: false },
      },
      payments: {
        payfast: { merchantId: "10000100", merchantKey: "•••• 581a", passphrase: "•••• FZPn" },
        payflex: { clientId: "shop-client", clientSecret: "•••• 9f8e" },
      },
    });
    expect(JSON.stringify(result.returned)).not.toMatch(SECRETS);
  });

  it("a refused form comes back with its messages by the fields, and without the secrets typed", async () => {
    const result = await post(
      { ...PAYFAST, payfastMerchantId: "ten", payfastMode: "test" },
      owner.cookie,
    );
    expect(statusOf(result.returned)).toBe(400);
    expect(body(result.returned)).toMatchObject({
      ok: false,
      fieldErrors: {
        payfastMerchantId:
          "Enter the merchant id as PayFast shows it: digits only, such as 10000100.",
        payfastMode: "Choose sandbox or live.",
      },
      values: { payfastMerchantId: "ten" },
    });
    expect(JSON.stringify(result.returned)).not.toMatch(SECRETS);

    const spaced = await post({ ...PAYFLEX, payflexClientSecret: "two words" }, owner.cookie);
    expect(body(spaced.returned)).toMatchObject({
      fieldErrors: {
        payflexClientSecret: "Enter the client secret as PayFlex issued it, without spaces.",
      },
    });
    expect(JSON.stringify(spaced.returned)).not.toContain("two words");
  });

  it("a provider set by the environment is not changed here (409), and the page says so", async () => {
    const restore = setEnv({
      PAYFLEX_CLIENT_ID: "env-client",
      PAYFLEX_CLIENT_SECRET: "env-secret",
    });
    try {
      const result = await post(PAYFLEX, owner.cookie);
      expect(statusOf(result.returned)).toBe(409);
      expect(body(result.returned)).toMatchObject({ alert: { title: "Set by the Environment" } });
      const shown = await page(owner.cookie);
      expect(shown.returned).toMatchObject({
        status: { payflex: { setByEnvironment: true } },
        payments: { payflex: { setByEnvironment: true, clientId: "", clientSecret: "" } },
      });
      expect(JSON.stringify(shown.returned)).not.toMatch(/env-client|env-secret/);
    } finally {
      restore();
    }
  });

  it("bank details: all or nothing, digits where digits belong, then saved", async () => {
    const half = await post(
      { ...BANK, bankAccountHolder: "", bankBranchCode: "25065" },
      owner.cookie,
    );
    expect(statusOf(half.returned)).toBe(400);
    expect(body(half.returned)).toMatchObject({
      fieldErrors: {
        bankAccountHolder: "This field is required.",
        bankBranchCode: "Enter the six-digit branch code, such as 250655.",
      },
    });
    const saved = await post(BANK, owner.cookie);
    expect(body(saved.returned)).toMatchObject({ ok: true });
    expect(await page(owner.cookie)).toMatchObject({
      returned: { bank: { bankAccountNumber: "62012345678", bankAccountType: "Cheque" } },
    });
  });

  it("removes saved keys, and says when there were none", async () => {
    expect(body((await post({ intent: "remove-payfast" }, owner.cookie)).returned)).toMatchObject({
      message: { title: "Keys Removed" },
    });
    expect(body((await post({ intent: "remove-payfast" }, owner.cookie)).returned)).toMatchObject({
      message: { title: "Nothing to Remove" },
    });
  });
});
