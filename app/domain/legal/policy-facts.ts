import { LAYBY_MAX_MONTHS } from "~/domain/layby/limits";

/**
 * The shop's policy figures in one place, so the about, delivery, returns, warranty, FAQ and
 * terms pages never disagree. Delivery fees are not here: they are store settings.
 */
export const POLICY = {
  sleepTrialNights: 365,
  /** Most orders arrive in this many business days; checkout quotes the standard range. */
  typicalDeliveryDays: "3–5",
  standardDeliveryDays: "3–7",
  expressDeliveryDays: "1–2",
  returnDays: 30,
  damageReportHours: 48,
  refundBusinessDays: "7–10",
  /** ECTA section 44: cancel an online order within this many days of delivery. */
  coolingOffDays: 7,
  /** CPA section 56: implied warranty of quality on defective goods. */
  cpaWarrantyMonths: 6,
  /** The smallest lay-by deposit and the cancellation charge are store settings. */
  laybyMonths: LAYBY_MAX_MONTHS,
  payflexInstalments: 4,
  warrantyRegistrationDays: 30,
  extendedWarrantyYears: "2–5",
  mattressLifespanYears: "7–10",
  replyWithinHours: 24,
} as const;

export const WARRANTY_PERIODS = [
  { product: "Mattresses", years: "5–10 years", detail: "depending on the brand and model" },
  {
    product: "Bed frames and bases",
    years: "2–5 years",
    detail: "on the frame, base and fittings",
  },
  { product: "Bedding", years: "1–2 years", detail: "duvets, pillows, protectors and linen" },
] as const;

/** Standard South African bed sizes (width × length). */
export const BED_SIZES = [
  { name: "Single", widthCm: 91, lengthCm: 188 },
  { name: "Three-quarter", widthCm: 107, lengthCm: 188 },
  { name: "Double", widthCm: 137, lengthCm: 188 },
  { name: "Queen", widthCm: 152, lengthCm: 188 },
  { name: "King", widthCm: 183, lengthCm: 188 },
] as const;
