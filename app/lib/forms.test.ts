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

describe("the e-mail rule, shared with the auth library", () => {
  // better-auth checks every address with zod's z.email(); one it refuses after our form took
  // it was an uncaught error (a 500).
  const addresses = [
    "a@b.c",
    "a@b.co",
    "Thabo@Example.CO.ZA",
    "o'brien@example.com",
    "first.last+tag@sub.example.co.za",
    "a_b-c@x-y.example",
    "a..b@example.com",
    ".a@example.com",
    "a.@example.com",
    "a@-example.com",
    "a@example.c0m",
    "a@example.com.",
    "jos\u00e9@example.com",
    "user@localhost",
    "a@b@c.com",
    `${"a".repeat(250)}@b.co`,
  ];

  it.each(addresses)("takes %j only when better-auth would", (email) => {
    const ours = emailField().safeParse(email);
    if (ours.success) expect(z.email().safeParse(ours.data).success).toBe(true);
  });

  it("refuses a@b.c, which the specification's pattern let through", () => {
    expect(parseForm(schema, { name: "A", email: "a@b.c" }).ok).toBe(false);
    expect(parseForm(schema, { name: "A", email: "a@b.co" }).ok).toBe(true);
  });
});
