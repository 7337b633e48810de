/**
 * The lay-by's fixed terms (Consumer Protection Act s62, docs/decisions/027), apart from the
 * schedule's rules: the home page and the policies name them without loading the schedule, its
 * public holidays and its dates.
 */

export const LAYBY_MAX_MONTHS = 6;
/** s62(4): unpaid 60 business days after the agreed end, the plan may be cancelled. */
export const LAYBY_GRACE_BUSINESS_DAYS = 60;
