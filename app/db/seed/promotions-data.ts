import type { promotions } from "~/db/schema";

/**
 * Demo promotion codes: one for everyone, one with a minimum spend, one
 * single-use, one expired, and one for mattresses only (DEMO_PROMOTION_CATEGORIES).
 */
export const DEMO_PROMOTIONS: (typeof promotions.$inferInsert)[] = [
  { code: "WELCOME10", description: "10% off your order", kind: "percentage", value: 10 },
  {
    code: "SAVE500",
    description: "R500 off orders of R5,000 or more",
    kind: "fixed",
    value: 50_000,
    minSubtotalCents: 500_000,
  },
  {
    code: "FIRSTSLEEP",
    description: "R1,000 off, for the first shopper only",
    kind: "fixed",
    value: 100_000,
    usageLimit: 1,
  },
  {
    code: "WINTER25",
    description: "15% off winter bedding (ended)",
    kind: "percentage",
    value: 15,
    startsAt: new Date("2025-06-01T00:00:00+02:00"),
    endsAt: new Date("2025-08-31T23:59:59+02:00"),
  },
  {
    code: "MATTRESS15",
    description: "15% off mattresses",
    kind: "percentage",
    value: 15,
  },
];

/** The demo's promotions limited to a category (by code and category slug). */
export const DEMO_PROMOTION_CATEGORIES = [{ code: "MATTRESS15", category: "mattresses" }] as const;
