import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, REQUIRED_MESSAGE } from "~/lib/forms";
import { formatSaMobile, MOBILE_MESSAGE, parseSaMobile, postalCodeProblem } from "./address-checks";
import { addressFields, PROVINCE_MESSAGE, toAddressColumns } from "./address-schema";

describe("postal codes", () => {
  it.each([
    ["2740", null],
    [" 0002 ", null],
    ["9999", null],
    ["274", "A postal code has four digits, such as 2740; this has 3."],
    ["27400", "A postal code has four digits, such as 2740; this has 5."],
    ["27 40", "Write the postal code without spaces, such as 2740."],
    ["2740A", "A postal code is four digits only, such as 2740: no letters or signs."],
    ["SW1A 1AA", "A postal code is four digits only, such as 2740: no letters or signs."],
    ["-274", "A postal code is four digits only, such as 2740: no letters or signs."],
  ])("%j: %s", (text, problem) => {
    expect(postalCodeProblem(text)).toBe(problem);
  });
});

describe("South African mobile numbers", () => {
  it.each([
    ["082 555 0101", "+27825550101"],
    ["0825550101", "+27825550101"],
    ["+27 82 555 0101", "+27825550101"],
    ["+27 (0)82 555 0101", null], // the (0) is a digit too many
    ["0027 82 555 0101", "+27825550101"],
    ["27825550101", "+27825550101"],
    ["082-555-0101", "+27825550101"],
    ["(082) 555.0101", "+27825550101"],
    ["060 123 4567", "+27601234567"],
    ["071 123 4567", "+27711234567"],
    ["085 123 4567", "+27851234567"],
    // Not mobiles: a landline, toll-free, shared cost, internet telephony.
    ["018 632 1234", null],
    ["080 012 3456", null],
    ["086 012 3456", null],
    ["087 012 3456", null],
    // Too short, too long, another country, letters.
    ["082 555 010", null],
    ["082 555 01011", null],
    ["+44 7700 900123", null],
    ["082 CALL ME", null],
    ["", null],
  ])("%j reads as %j", (text, stored) => {
    expect(parseSaMobile(text)).toBe(stored);
  });

  it("prints a stored number as South Africans write it, and reads it back the same", () => {
    expect(formatSaMobile("+27825550101")).toBe("082 555 0101");
    expect(parseSaMobile(formatSaMobile("+27601234567"))).toBe("+27601234567");
    expect(formatSaMobile("not a number")).toBe("not a number");
  });
});

describe("the address fields of a form", () => {
  const schema = z.object(addressFields);
  const FULL = {
    address: "7 Buiten Street",
    complex: "Unit 4, Protea Gardens",
    suburb: "Boikhutso",
    city: "Lichtenburg",
    province: "NW",
    postal: "2740",
    deliveryMobile: "+27 82 555 0101",
    accessNotes: "Gate code 1234, the blue house",
  };
  const errorsOf = (input: Record<string, unknown>) => {
    const parsed = parseForm(schema, input);
    return parsed.ok ? {} : parsed.fieldErrors;
  };

  it("takes a full address and stores the mobile number in one form", () => {
    const parsed = parseForm(schema, FULL);
    expect(parsed.ok && toAddressColumns(parsed.data)).toEqual({
      address: "7 Buiten Street",
      complex: "Unit 4, Protea Gardens",
      suburb: "Boikhutso",
      city: "Lichtenburg",
      province: "NW",
      postalCode: "2740",
      deliveryMobile: "+27825550101",
      accessNotes: "Gate code 1234, the blue house",
    });
  });

  it("needs only the street, town, province and postal code", () => {
    const parsed = parseForm(schema, {
      address: "1 A St",
      city: "Mahikeng",
      province: "NW",
      postal: "2745",
    });
    expect(parsed).toMatchObject({
      ok: true,
      data: { complex: "", deliveryMobile: "", accessNotes: "" },
    });
  });

  it.each([
    ["address", "", REQUIRED_MESSAGE],
    ["city", "  ", REQUIRED_MESSAGE],
    ["province", "", REQUIRED_MESSAGE],
    ["province", "North West", PROVINCE_MESSAGE],
    ["province", "ZZ", PROVINCE_MESSAGE],
    ["postal", "", REQUIRED_MESSAGE],
    ["postal", "27401", "A postal code has four digits, such as 2740; this has 5."],
    ["deliveryMobile", "018 632 1234", MOBILE_MESSAGE],
    ["deliveryMobile", "0".repeat(41), MOBILE_MESSAGE],
    [
      "accessNotes",
      "x".repeat(301),
      "Keep the access instructions to 300 characters; the driver reads them at the gate.",
    ],
    ["complex", "x".repeat(121), "This is too long."],
  ])("%s %j: %s", (field, value, message) => {
    expect(errorsOf({ ...FULL, [field]: value })).toEqual({ [field]: message });
  });

  it("says a missing field is missing, so the form's notice is Missing Information", () => {
    const parsed = parseForm(schema, { ...FULL, province: undefined, postal: undefined });
    expect(parsed).toMatchObject({
      ok: false,
      alert: { title: "Missing Information" },
      fieldErrors: { province: REQUIRED_MESSAGE, postal: REQUIRED_MESSAGE },
    });
  });
});
