import { z } from "zod";
import { amountField } from "~/lib/amount-field";
import { REQUIRED_MESSAGE, textField } from "~/lib/forms";
import { placeKey, PROVINCE_NAMES, type Province } from "~/lib/provinces";
import { readPostalCodeList } from "./postal-codes";

/** The truck's weekdays, ISO numbered (Monday 1); never a Sunday. */
export const ZONE_WEEKDAYS = [
  { day: 1, field: "dayMon", label: "Mon" },
  { day: 2, field: "dayTue", label: "Tue" },
  { day: 3, field: "dayWed", label: "Wed" },
  { day: 4, field: "dayThu", label: "Thu" },
  { day: 5, field: "dayFri", label: "Fri" },
  { day: 6, field: "daySat", label: "Sat" },
] as const;

/** A province's checkbox name in the zone form ("province-north-west"). */
export const provinceField = (province: Province) =>
  `province-${province.toLowerCase().replace(/[^a-z]+/g, "-")}`;

export const MAX_LEAD_DAYS = 60;
export const MAX_DROPS_PER_DAY = 500;
export const COVERS_MESSAGE = "Give the postal codes, towns or provinces this zone covers.";
export const WEEKDAYS_MESSAGE = "Choose at least one day the truck goes there.";

const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string(REQUIRED_MESSAGE)
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .regex(/^-?\d+$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on");

/** Town names by commas or lines, trimmed, each once (whatever its case). */
const townsField = z
  .string()
  .max(4000, "This is too long.")
  .default("")
  .transform((text, ctx) => {
    const towns: string[] = [];
    for (const raw of text.split(/[,;\n]/)) {
      const town = raw.trim().replace(/\s+/g, " ");
      if (!town) continue;
      if (town.length > 80) {
        ctx.addIssue({
          code: "custom",
          message: `"${town.slice(0, 20)}…" is too long for a town.`,
        });
        return z.NEVER;
      }
      if (!towns.some((t) => placeKey(t) === placeKey(town))) towns.push(town);
    }
    return towns;
  });

const postalCodesField = z
  .string()
  .max(4000, "This is too long.")
  .default("")
  .transform((text, ctx) => {
    const read = readPostalCodeList(text);
    if (!read.ok) {
      ctx.addIssue({ code: "custom", message: read.message });
      return z.NEVER;
    }
    return read.entries;
  });

const shape = {
  name: textField({ required: true, max: 80 }),
  postalCodes: postalCodesField,
  towns: townsField,
  standardFee: amountField({ required: REQUIRED_MESSAGE }),
  freeFrom: amountField(),
  expressFee: amountField(),
  leadDays: wholeNumber(
    0,
    MAX_LEAD_DAYS,
    `Lead days are a whole number from 0 to ${MAX_LEAD_DAYS}.`,
  ),
  dropsPerDay: wholeNumber(
    1,
    MAX_DROPS_PER_DAY,
    `Drops a day are a whole number from 1 to ${MAX_DROPS_PER_DAY}.`,
  ),
  sortOrder: wholeNumber(-1000, 1000, "The sort order is a whole number from -1000 to 1000."),
  ...Object.fromEntries(ZONE_WEEKDAYS.map((d) => [d.field, checkbox])),
  ...Object.fromEntries(PROVINCE_NAMES.map((p) => [provinceField(p), checkbox])),
} as Record<string, z.ZodType>;

/**
 * The Add Zone and Edit Zone dialogs' fields, checked in the browser and the action: what the
 * zone covers (at least one postal code, town or province), its fees in Rand, its days.
 */
export const zoneSchema = z.object(shape).transform((raw, ctx) => {
  const v = raw as Record<string, unknown>;
  const input = {
    name: v.name as string,
    postalCodes: v.postalCodes as string[],
    towns: v.towns as string[],
    provinces: PROVINCE_NAMES.filter((p) => v[provinceField(p)] === true) as string[],
    standardFeeCents: v.standardFee as number,
    freeFromCents: v.freeFrom as number | null,
    expressFeeCents: v.expressFee as number | null,
    leadDays: v.leadDays as number,
    dropsPerDay: v.dropsPerDay as number,
    sortOrder: v.sortOrder as number,
    weekdays: ZONE_WEEKDAYS.filter((d) => v[d.field] === true).map((d) => d.day as number),
  };
  if (input.postalCodes.length + input.towns.length + input.provinces.length === 0) {
    ctx.addIssue({ code: "custom", path: ["postalCodes"], message: COVERS_MESSAGE });
  }
  if (input.weekdays.length === 0) {
    ctx.addIssue({ code: "custom", path: ["weekdays"], message: WEEKDAYS_MESSAGE });
  }
  return input;
});
export type ZoneInput = z.output<typeof zoneSchema>;
