import { describe, expect, it } from "vitest";
import { CHECKOUT_FIELDS } from "./checkout/checkout-fields";
import { fieldsInError, fieldTarget } from "./error-summary";

describe("an error summary's fields", () => {
  it("lists the fields in error in the form's order, whatever order the errors came in", () => {
    const listed = fieldsInError(CHECKOUT_FIELDS, {
      terms: "Please accept the terms and conditions and the privacy policy.",
      deliveryDay: "Please choose one of the delivery days offered.",
      firstName: "This field is required.",
    });
    expect(listed.map((f) => f.name)).toEqual(["firstName", "deliveryDay", "terms"]);
  });

  it("links each to its field, and names one it does not know last, without a link", () => {
    const listed = fieldsInError(CHECKOUT_FIELDS, {
      lines: "Your cart is empty.",
      promoCode: "The code X has expired.",
    });
    expect(listed.map((f) => [f.name, f.label ? fieldTarget(f) : null])).toEqual([
      ["promoCode", "field-promo"],
      ["lines", null],
    ]);
  });
});
