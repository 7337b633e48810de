import { z } from "zod";
import { REQUIRED_MESSAGE, textField } from "~/lib/forms";
import {
  ACCESS_NOTES_MAX,
  MOBILE_MESSAGE,
  parseSaMobile,
  postalCodeProblem,
} from "./address-checks";
import { isProvinceCode, type ProvinceCode } from "~/lib/provinces";

export const PROVINCE_MESSAGE = "Choose one of the nine provinces.";

/**
 * A delivery address's fields as checkout and the account's address form take them, to spread
 * into either form's schema. Field names are the forms' (`address` is the street address,
 * `city` the town, `postal` the postal code); `toAddressColumns` maps them onto the tables.
 */
export const addressFields = {
  address: textField({ required: true, max: 300 }),
  complex: textField({ max: 120 }),
  suburb: textField({ max: 100 }),
  city: textField({ required: true, max: 100 }),
  province: z
    .string()
    .default("")
    .transform((text, ctx): ProvinceCode => {
      const value = text.trim();
      if (!isProvinceCode(value)) {
        ctx.addIssue({ code: "custom", message: value ? PROVINCE_MESSAGE : REQUIRED_MESSAGE });
        return z.NEVER;
      }
      return value;
    }),
  postal: z
    .string()
    .default("")
    .transform((text, ctx) => {
      const value = text.trim();
      const problem = value ? postalCodeProblem(value.slice(0, 40)) : REQUIRED_MESSAGE;
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem });
        return z.NEVER;
      }
      return value;
    }),
  /** Who the driver calls on the day, when not the buyer's own number; "" for none. */
  deliveryMobile: z
    .string()
    .max(40, MOBILE_MESSAGE)
    .default("")
    .transform((text, ctx) => {
      if (!text.trim()) return "";
      const mobile = parseSaMobile(text);
      if (mobile === null) {
        ctx.addIssue({ code: "custom", message: MOBILE_MESSAGE });
        return z.NEVER;
      }
      return mobile;
    }),
  /** Gate code, which house, where to park: for the driver only, never on a tax invoice. */
  accessNotes: z
    .string()
    .trim()
    .max(
      ACCESS_NOTES_MAX,
      `Keep the access instructions to ${ACCESS_NOTES_MAX} characters; the driver reads them at the gate.`,
    )
    .default(""),
};

export type AddressFieldsInput = z.output<z.ZodObject<typeof addressFields>>;

/** The form's address fields as the `orders` and `customer_addresses` columns hold them. */
export function toAddressColumns(input: AddressFieldsInput) {
  return {
    address: input.address,
    complex: input.complex,
    suburb: input.suburb,
    city: input.city,
    province: input.province,
    postalCode: input.postal,
    deliveryMobile: input.deliveryMobile,
    accessNotes: input.accessNotes,
  };
}
