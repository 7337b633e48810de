import { z } from "zod";
import { parseVatNumber } from "~/domain/invoicing/manual-invoice-schemas";
import {
  MAX_CANCELLATION_BASIS_POINTS,
  MAX_INTEREST_BASIS_POINTS,
} from "~/domain/layby/cancellation";
import { DATE_FORMATS, isCalendarDay, TIME_ZONE_MESSAGE } from "~/lib/dates";
import { amountField } from "~/lib/amount-field";
import { emailField, REQUIRED_MESSAGE, textField } from "~/lib/forms";

/** The currencies the General tab lists: the shop trades in Rand, the others are not offered. */
export const CURRENCIES = [
  { code: "ZAR", label: "South African Rand (R)", available: true },
  { code: "USD", label: "US Dollar ($): not available", available: false },
  { code: "EUR", label: "Euro (€): not available", available: false },
  { code: "GBP", label: "British Pound (£): not available", available: false },
] as const;

export const CURRENCY_MESSAGE =
  "The shop trades in Rand only: prices, payments and invoices are in ZAR.";

const PHONE_MESSAGE = "Enter a phone number such as 018 632 1234.";
/** A South African or international number as people write it: 9 to 15 digits. */
const phoneField = textField({ required: true, max: 40 }).refine(
  (v) => v === "" || (/^[\d\s()+-]+$/.test(v) && /^(\D*\d){9,15}\D*$/.test(v)),
  PHONE_MESSAGE,
);

/** CIPC company numbers: year, six digits, type (2009/123456/07). */
const REGISTRATION = /^\d{4}\/\d{6}\/\d{2}$/;

/** The General tab: the shop's name, contact and legal details, and how dates are written. */
export const generalSettingsSchema = z.object({
  storeName: textField({ required: true, max: 100 }),
  email: emailField(),
  phone: phoneField,
  streetAddress: textField({ required: true, max: 200 }),
  town: textField({ required: true, max: 100 }),
  province: textField({ required: true, max: 100 }),
  postalCode: textField({ required: true, max: 10 }).refine(
    (v) => v === "" || /^\d{4}$/.test(v),
    "Enter the four-digit postal code.",
  ),
  legalName: textField({ required: true, max: 200 }),
  registrationNumber: textField({ required: true, max: 20 }).refine(
    (v) => v === "" || REGISTRATION.test(v),
    "Enter the company number as CIPC writes it, such as 2009/123456/07.",
  ),
  vatNumber: textField({ max: 20 }).transform((v, ctx) => {
    if (v === "") return "";
    const digits = parseVatNumber(v);
    if (digits === null) {
      ctx.addIssue({ code: "custom", message: "Enter a VAT number of 10 digits starting with 4." });
      return z.NEVER;
    }
    return digits;
  }),
  timezone: z.literal("Africa/Johannesburg", TIME_ZONE_MESSAGE),
  dateFormat: z.enum(DATE_FORMATS, "Choose one of the listed date formats."),
  currency: z.literal("ZAR", CURRENCY_MESSAGE),
});
export type GeneralSettingsInput = z.output<typeof generalSettingsSchema>;

/** A required amount in Rand, at most `max` cents. */
const randField = (max: number) => amountField({ required: REQUIRED_MESSAGE, max });

export const ADD_ON_FEE_MESSAGE =
  "Enter at least R1.00: a chosen add-on is known by its fee (an order keeps it).";

/** A delivery add-on's fee: at least R1, so an order that chose it always shows it. */
const addOnFeeField = amountField({
  required: REQUIRED_MESSAGE,
  min: 100,
  minMessage: ADD_ON_FEE_MESSAGE,
  max: 1_000_000,
});

/**
 * Integrations' shipping card: own delivery's fees, where standard delivery becomes free, and
 * the delivery add-ons' fees that checkout charges everywhere (docs/decisions/046).
 */
export const shippingSettingsSchema = z.object({
  standardDeliveryCents: randField(1_000_000),
  expressDeliveryCents: randField(1_000_000),
  freeDeliveryThresholdCents: randField(100_000_000),
  removalFeeCents: addOnFeeField,
  assemblyFeeCents: addOnFeeField,
});
export type ShippingSettingsInput = z.output<typeof shippingSettingsSchema>;

const URL_MESSAGE = "Enter the script's full https:// address.";
const DOMAIN_MESSAGE =
  "Enter the site name as the analytics service knows it, such as example.co.za.";

/**
 * Integrations' analytics card. Off needs nothing; on needs an https script address and the
 * site's domain (a Plausible-style service: one script, no cookies).
 */
export const analyticsSettingsSchema = z
  .object({
    analyticsEnabled: z
      .literal("on", "Switch it on or off.")
      .optional()
      .transform((v) => v === "on"),
    analyticsScriptUrl: textField({ max: 500 }),
    analyticsDomain: textField({ max: 253 }).transform((v) => v.toLowerCase()),
  })
  .superRefine((input, ctx) => {
    const url = input.analyticsScriptUrl;
    if (url && !isHttpsUrl(url)) {
      ctx.addIssue({ code: "custom", path: ["analyticsScriptUrl"], message: URL_MESSAGE });
    }
    const domain = input.analyticsDomain;
    if (domain && !/^(?=.{4,253}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(domain)) {
      ctx.addIssue({ code: "custom", path: ["analyticsDomain"], message: DOMAIN_MESSAGE });
    }
    if (!input.analyticsEnabled) return;
    if (!url) ctx.addIssue({ code: "custom", path: ["analyticsScriptUrl"], message: URL_MESSAGE });
    if (!domain) {
      ctx.addIssue({ code: "custom", path: ["analyticsDomain"], message: DOMAIN_MESSAGE });
    }
  });
export type AnalyticsSettingsInput = z.output<typeof analyticsSettingsSchema>;

function isHttpsUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username;
  } catch {
    return false;
  }
}

export const LAYBY_CHARGE_MESSAGE =
  "The charge may be at most 1% of the price of the goods (Consumer Protection Act, regulation 34).";
export const LAYBY_INTEREST_MESSAGE = "Enter a rate from 0% to 50% a year.";
export const CLOSED_DAYS_MESSAGE =
  "Write each closed day as YYYY-MM-DD (such as 2026-12-24), one a line.";

/** "1", "0.5", "11,75 %": a percent to two decimals, in hundredths of a percent, at most `max`. */
function percentField(max: number, tooHigh: string) {
  return z
    .string(REQUIRED_MESSAGE)
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .transform((text, ctx) => {
      const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(text);
      if (!match) {
        ctx.addIssue({ code: "custom", message: "Enter a percent such as 1 or 0.5." });
        return z.NEVER;
      }
      const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
      if (basisPoints > max) {
        ctx.addIssue({ code: "custom", message: tooHigh });
        return z.NEVER;
      }
      return basisPoints;
    });
}

/**
 * General's lay-by card: the smallest deposit (Rand); the cancellation charge as a percent of
 * the goods' price, in hundredths of a percent when saved (100 = 1%), above 1% refused here and
 * capped again by cancellation.ts whatever is stored; the interest a year paid back when the
 * shop cannot supply (s62(3)); and the days the shop declares closed, one a line, kept sorted
 * without repeats.
 */
export const laybySettingsSchema = z.object({
  laybyMinDepositCents: amountField({
    required: REQUIRED_MESSAGE,
    min: 100,
    minMessage: "Enter a deposit of at least R1.00.",
    max: 10_000_000,
  }),
  laybyChargeBasisPoints: percentField(MAX_CANCELLATION_BASIS_POINTS, LAYBY_CHARGE_MESSAGE),
  laybyInterestBasisPoints: percentField(MAX_INTEREST_BASIS_POINTS, LAYBY_INTEREST_MESSAGE),
  closedDays: z
    .string()
    .max(5_000, CLOSED_DAYS_MESSAGE)
    .optional()
    .transform((text, ctx) => {
      const days = (text ?? "").split(/[\s,;]+/).filter(Boolean);
      if (days.length > 366 || days.some((day) => !isCalendarDay(day))) {
        ctx.addIssue({ code: "custom", message: CLOSED_DAYS_MESSAGE });
        return z.NEVER;
      }
      return [...new Set(days)].sort();
    }),
});
export type LaybySettingsInput = z.output<typeof laybySettingsSchema>;

/**
 * General's reviews card (docs/decisions/048): when buyers are invited to review, whether
 * shoppers who did not buy may review, and the figures the shop cannot count, stated by the
 * owner ("" leaves a figure off the storefront).
 */
export const reviewSettingsSchema = z.object({
  reviewInviteDays: z
    .string(REQUIRED_MESSAGE)
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .transform((text, ctx) => {
      const days = /^\d{1,2}$/.test(text) ? Number(text) : NaN;
      if (!(days >= 1 && days <= 60)) {
        ctx.addIssue({ code: "custom", message: "Enter a number of days from 1 to 60." });
        return z.NEVER;
      }
      return days;
    }),
  reviewsFromNonBuyers: z
    .literal("on", "Switch it on or off.")
    .optional()
    .transform((v) => v === "on"),
  claimYearsTrading: textField({ max: 20 }),
  claimHappyCustomers: textField({ max: 20 }),
});
export type ReviewSettingsInput = z.output<typeof reviewSettingsSchema>;

const MODE_MESSAGE = "Choose sandbox or live.";
const modeField = z.enum(["sandbox", "live"], MODE_MESSAGE);

/**
 * A secret as the form sends it: empty keeps the one saved (the page never has it to send back).
 * No spaces inside: providers' keys have none, and a pasted key with a line break is a mistake.
 */
const secretField = (max: number, message: string) =>
  textField({ max }).refine((v) => v === "" || /^\S+$/.test(v), message);

/** Integrations' PayFast card: merchant id, key and passphrase from PayFast's settings page. */
export const payfastSettingsSchema = z.object({
  payfastMerchantId: textField({ required: true, max: 20 }).refine(
    (v) => v === "" || /^\d{5,20}$/.test(v),
    "Enter the merchant id as PayFast shows it: digits only, such as 10000100.",
  ),
  payfastMerchantKey: secretField(
    64,
    "Enter the merchant key as PayFast shows it, such as 46f0cd694581a.",
  ),
  // PayFast's passphrase may hold spaces; only its length is checked.
  payfastPassphrase: textField({ max: 100 }),
  payfastMode: modeField,
});
export type PayfastSettingsInput = z.output<typeof payfastSettingsSchema>;

/** Integrations' PayFlex card: the API client id and secret PayFlex issued. */
export const payflexSettingsSchema = z.object({
  payflexClientId: textField({ required: true, max: 200 }).refine(
    (v) => v === "" || /^\S+$/.test(v),
    "Enter the client id as PayFlex issued it, without spaces.",
  ),
  payflexClientSecret: secretField(
    500,
    "Enter the client secret as PayFlex issued it, without spaces.",
  ),
  payflexMode: modeField,
});
export type PayflexSettingsInput = z.output<typeof payflexSettingsSchema>;

export const BANK_ACCOUNT_TYPES = ["Cheque", "Savings", "Transmission", "Business"] as const;

/**
 * The shop's bank account for EFT payments, printed on hand-made invoices. All empty is "not
 * set"; once any is given, all are needed, so an invoice never prints half an account.
 */
export const bankDetailsSchema = z
  .object({
    bankName: textField({ max: 100 }),
    bankAccountHolder: textField({ max: 200 }),
    bankAccountNumber: textField({ max: 30 })
      .transform((v) => v.replace(/[\s-]/g, ""))
      .refine((v) => v === "" || /^\d{6,16}$/.test(v), "Enter the account number: 6 to 16 digits."),
    bankBranchCode: textField({ max: 10 }).refine(
      (v) => v === "" || /^\d{6}$/.test(v),
      "Enter the six-digit branch code, such as 250655.",
    ),
    bankAccountType: z
      .string()
      .trim()
      .default("")
      .refine(
        (v) => v === "" || (BANK_ACCOUNT_TYPES as readonly string[]).includes(v),
        "Choose one of the listed account types.",
      ),
  })
  .superRefine((input, ctx) => {
    const values = Object.values(input);
    if (values.every((v) => v === "") || values.every((v) => v !== "")) return;
    for (const [key, value] of Object.entries(input)) {
      if (value === "") ctx.addIssue({ code: "custom", path: [key], message: REQUIRED_MESSAGE });
    }
  });
export type BankDetailsInput = z.output<typeof bankDetailsSchema>;
