import { describe, expect, it } from "vitest";
import { z } from "zod";
import { emailField, FORM_ALERTS, parseForm, textField } from "./forms";

const schema = z.object({
  name: textField({ required: true }),
  email: emailField(),
  message: textField(),
});

describe("parseForm", () => {
  it("returns trimmed data with a lower-cased e-mail", () => {
    const result = parseForm(schema, {
      name: "  Thabo ",
      email: "Thabo@Example.CO.ZA",
      message: "",
    });
    expect(result).toEqual({
      ok: true,
      data: { name: "Thabo", email: "thabo@example.co.za", message: "" },
    });
  });

  it("reports missing fields before a bad e-mail, as the specification orders them", () => {
    const result = parseForm(schema, { name: "", email: "not-an-email" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.alert).toEqual(FORM_ALERTS.missing);
    expect(result.fieldErrors).toMatchObject({
      name: "This field is required.",
      email: "Please enter a valid email address.",
    });
  });

  it.each(["a@b", "a b@c.d", "@c.d", "a@.", "plain"])("rejects the e-mail %j", (email) => {
    const result = parseForm(schema, { name: "A", email });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.alert).toEqual(FORM_ALERTS.email);
  });

  it("reads FormData", () => {
    const form = new FormData();
    form.set("name", "Lerato");
    form.set("email", "lerato@example.com");
    expect(parseForm(schema, form).ok).toBe(true);
  });
});
