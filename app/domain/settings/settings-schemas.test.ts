import { describe, expect, it } from "vitest";
import { TIME_ZONE_MESSAGE } from "~/lib/dates";
import { parseForm } from "~/lib/forms";
import { AMOUNT_MESSAGE } from "~/lib/money";
import {
  analyticsSettingsSchema,
  bankDetailsSchema,
  ADD_ON_FEE_MESSAGE,
  CURRENCY_MESSAGE,
  generalSettingsSchema,
  payfastSettingsSchema,
  payflexSettingsSchema,
  shippingSettingsSchema,
} from "./settings-schemas";

const GENERAL = {
  storeName: "Slumber Corner Beds",
  email: "Shop@Example.co.za",
  phone: "018 632 1234",
  streetAddress: "12 Church Street",
  town: "Lichtenburg",
  province: "North West",
  postalCode: "2740",
  legalName: "Slumber Corner (Pty) Ltd",
  registrationNumber: "2009/123456/07",
  vatNumber: "4123 456 789",
  timezone: "Africa/Johannesburg",
  dateFormat: "DD/MM/YYYY",
  currency: "ZAR",
};

const errorsOf = (schema: Parameters<typeof parseForm>[0], input: Record<string, unknown>) => {
  const parsed = parseForm(schema, input);
  return parsed.ok ? {} : parsed.fieldErrors;
};

describe("General settings", () => {
  it("takes a complete form, lower-casing the e-mail and keeping the VAT number's digits", () => {
    const parsed = parseForm(generalSettingsSchema, GENERAL);
    expect(parsed).toMatchObject({
      ok: true,
      data: { email: "shop@example.co.za", vatNumber: "4123456789", currency: "ZAR" },
    });
  });

  it("allows no VAT number (a shop not registered for VAT)", () => {
    expect(parseForm(generalSettingsSchema, { ...GENERAL, vatNumber: "" }).ok).toBe(true);
  });

  it.each([
    ["storeName", "", "This field is required."],
    ["email", "shop@", "Please enter a valid email address."],
    ["phone", "call me", "Enter a phone number such as 018 632 1234."],
    ["phone", "12345", "Enter a phone number such as 018 632 1234."],
    ["postalCode", "27400", "Enter the four-digit postal code."],
    [
      "registrationNumber",
      "123456",
      "Enter the company number as CIPC writes it, such as 2009/123456/07.",
    ],
    ["vatNumber", "5123456789", "Enter a VAT number of 10 digits starting with 4."],
    ["timezone", "Europe/London", TIME_ZONE_MESSAGE],
    ["dateFormat", "D.M.YYYY", "Choose one of the listed date formats."],
    ["currency", "USD", CURRENCY_MESSAGE],
    ["legalName", "x".repeat(201), "This is too long."],
  ])("refuses %s = %j with a message by the field", (field, value, message) => {
    expect(errorsOf(generalSettingsSchema, { ...GENERAL, [field]: value })).toEqual({
      [field]: message,
    });
  });

  it("refuses the specification's US time zones: the shop's days are Johannesburg's", () => {
    for (const zone of [
      "America/New_York",
      "America/Chicago",
      "America/Denver",
      "America/Los_Angeles",
    ]) {
      expect(errorsOf(generalSettingsSchema, { ...GENERAL, timezone: zone })).toEqual({
        timezone: TIME_ZONE_MESSAGE,
      });
    }
    expect(
      parseForm(generalSettingsSchema, { ...GENERAL, timezone: "Africa/Johannesburg" }).ok,
    ).toBe(true);
  });
});

describe("shipping settings", () => {
  it("reads Rand as typed into cents", () => {
    expect(
      parseForm(shippingSettingsSchema, {
        standardDeliveryCents: "299",
        expressDeliveryCents: "R 349.50",
        freeDeliveryThresholdCents: "2 500,50",
        removalFeeCents: "250",
        assemblyFeeCents: "R 349,50",
      }),
    ).toEqual({
      ok: true,
      data: {
        standardDeliveryCents: 29900,
        expressDeliveryCents: 34950,
        freeDeliveryThresholdCents: 250050,
        removalFeeCents: 25000,
        assemblyFeeCents: 34950,
      },
    });
  });

  it("refuses missing, negative and unreadable amounts by their fields", () => {
    expect(
      errorsOf(shippingSettingsSchema, {
        standardDeliveryCents: "",
        expressDeliveryCents: "-5",
        freeDeliveryThresholdCents: "2,000",
        removalFeeCents: "",
        assemblyFeeCents: "two hundred",
      }),
    ).toEqual({
      standardDeliveryCents: "This field is required.",
      expressDeliveryCents: "An amount cannot be negative.",
      freeDeliveryThresholdCents: AMOUNT_MESSAGE,
      removalFeeCents: "This field is required.",
      assemblyFeeCents: AMOUNT_MESSAGE,
    });
    expect(
      errorsOf(shippingSettingsSchema, {
        standardDeliveryCents: "10001",
        expressDeliveryCents: "1",
        freeDeliveryThresholdCents: "1",
        removalFeeCents: "250",
        assemblyFeeCents: "350",
      }),
    ).toEqual({ standardDeliveryCents: "Enter at most R10,000.00." });
  });

  it("keeps a delivery add-on's fee at R1 or more, so a chosen add-on always shows", () => {
    const base = {
      standardDeliveryCents: "299",
      expressDeliveryCents: "299",
      freeDeliveryThresholdCents: "2000",
    };
    expect(
      errorsOf(shippingSettingsSchema, { ...base, removalFeeCents: "0", assemblyFeeCents: "0,99" }),
    ).toEqual({ removalFeeCents: ADD_ON_FEE_MESSAGE, assemblyFeeCents: ADD_ON_FEE_MESSAGE });
    expect(
      errorsOf(shippingSettingsSchema, {
        ...base,
        removalFeeCents: "1",
        assemblyFeeCents: "10001",
      }),
    ).toEqual({ assemblyFeeCents: "Enter at most R10,000.00." });
  });
});

describe("analytics settings", () => {
  it("is off when the switch is not sent, and needs nothing then", () => {
    expect(parseForm(analyticsSettingsSchema, {})).toEqual({
      ok: true,
      data: { analyticsEnabled: false, analyticsScriptUrl: "", analyticsDomain: "" },
    });
  });

  it("needs an https script and a domain when switched on", () => {
    expect(errorsOf(analyticsSettingsSchema, { analyticsEnabled: "on" })).toEqual({
      analyticsScriptUrl: "Enter the script's full https:// address.",
      analyticsDomain:
        "Enter the site name as the analytics service knows it, such as example.co.za.",
    });
    expect(
      errorsOf(analyticsSettingsSchema, {
        analyticsEnabled: "on",
        analyticsScriptUrl: "http://plausible.io/js/script.js",
        analyticsDomain: "not a domain",
      }),
    ).toEqual({
      analyticsScriptUrl: "Enter the script's full https:// address.",
      analyticsDomain:
        "Enter the site name as the analytics service knows it, such as example.co.za.",
    });
    expect(
      parseForm(analyticsSettingsSchema, {
        analyticsEnabled: "on",
        analyticsScriptUrl: "https://plausible.io/js/script.js",
        analyticsDomain: "Slumber.CO.ZA",
      }),
    ).toMatchObject({
      ok: true,
      data: { analyticsEnabled: true, analyticsDomain: "slumber.co.za" },
    });
  });
});

describe("payment set-up", () => {
  const PAYFAST = {
    payfastMerchantId: " 10000100 ",
    payfastMerchantKey: "46f0cd694581a",
    payfastPassphrase: "a pass phrase",
    payfastMode: "live",
  };

  it("takes PayFast's ids as PayFast shows them; an empty key or passphrase means keep", () => {
    expect(parseForm(payfastSettingsSchema, PAYFAST)).toEqual({
      ok: true,
      data: { ...PAYFAST, payfastMerchantId: "10000100" },
    });
    expect(
      parseForm(payfastSettingsSchema, {
        ...PAYFAST,
        payfastMerchantKey: "",
        payfastPassphrase: "",
      }),
    ).toMatchObject({ ok: true, data: { payfastMerchantKey: "", payfastPassphrase: "" } });
  });

  it.each([
    ["payfastMerchantId", "", "This field is required."],
    [
      "payfastMerchantId",
      "M100",
      "Enter the merchant id as PayFast shows it: digits only, such as 10000100.",
    ],
    [
      "payfastMerchantKey",
      "46f0 cd69",
      "Enter the merchant key as PayFast shows it, such as 46f0cd694581a.",
    ],
    ["payfastPassphrase", "x".repeat(101), "This is too long."],
    ["payfastMode", "test", "Choose sandbox or live."],
  ])("refuses PayFast's %s = %j by the field", (field, value, message) => {
    expect(errorsOf(payfastSettingsSchema, { ...PAYFAST, [field]: value })).toEqual({
      [field]: message,
    });
  });

  it("refuses a PayFlex client id or secret with spaces, and an unknown mode", () => {
    expect(
      errorsOf(payflexSettingsSchema, {
        payflexClientId: "a b",
        payflexClientSecret: "c d",
        payflexMode: "",
      }),
    ).toEqual({
      payflexClientId: "Enter the client id as PayFlex issued it, without spaces.",
      payflexClientSecret: "Enter the client secret as PayFlex issued it, without spaces.",
      payflexMode: "Choose sandbox or live.",
    });
  });
});

describe("bank details", () => {
  const BANK = {
    bankName: "FNB",
    bankAccountHolder: "Slumber Corner (Pty) Ltd",
    bankAccountNumber: "6201-234 5678",
    bankBranchCode: "250655",
    bankAccountType: "Cheque",
  };

  it("keeps the account number's digits; all empty is no bank details", () => {
    expect(parseForm(bankDetailsSchema, BANK)).toMatchObject({
      ok: true,
      data: { bankAccountNumber: "62012345678" },
    });
    expect(parseForm(bankDetailsSchema, {})).toMatchObject({
      ok: true,
      data: { bankName: "", bankAccountNumber: "" },
    });
  });

  it("needs all of them once one is given, and each in its form", () => {
    expect(errorsOf(bankDetailsSchema, { bankName: "FNB" })).toEqual({
      bankAccountHolder: "This field is required.",
      bankAccountNumber: "This field is required.",
      bankBranchCode: "This field is required.",
      bankAccountType: "This field is required.",
    });
    expect(
      errorsOf(bankDetailsSchema, {
        ...BANK,
        bankAccountNumber: "12ab",
        bankBranchCode: "2506",
        bankAccountType: "Gold",
      }),
    ).toEqual({
      bankAccountNumber: "Enter the account number: 6 to 16 digits.",
      bankBranchCode: "Enter the six-digit branch code, such as 250655.",
      bankAccountType: "Choose one of the listed account types.",
    });
  });
});
