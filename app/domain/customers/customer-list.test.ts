import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { parseCustomerRef } from "./customer-list";
import { customerNoteSchema, customerTagSchema } from "./customer-schemas";

describe("a customer reference in a URL", () => {
  it.each([
    ["a-Ab3_x-9", { kind: "account", userId: "Ab3_x-9" }],
    ["g-1001", { kind: "guest", orderNumber: 1001 }],
    ["g-0", null],
    ["g-2147483648", null],
    ["g-12a", null],
    ["a-", null],
    [`a-${"x".repeat(65)}`, null],
    ["a-x/y", null],
    ["lerato@example.com", null],
    [undefined, null],
  ])("%s names %o", (text, expected) => {
    expect(parseCustomerRef(text)).toEqual(expected);
  });
});

describe("the note and tag forms", () => {
  it.each([
    [{ tag: "  Trade  " }, { ok: true, data: { tag: "Trade" } }],
    [{ tag: "upstairs   delivery" }, { ok: true, data: { tag: "upstairs delivery" } }],
    [{ tag: "Būrō-2" }, { ok: true, data: { tag: "Būrō-2" } }],
    [{ tag: "" }, { ok: false, fieldErrors: { tag: "This field is required." } }],
    [
      { tag: "-vip" },
      { ok: false, fieldErrors: { tag: "A tag is letters, numbers, spaces and - only." } },
    ],
    [
      { tag: "x".repeat(41) },
      { ok: false, fieldErrors: { tag: "A tag is at most 40 characters." } },
    ],
  ])("tag %o", (form, expected) => {
    expect(parseForm(customerTagSchema, form)).toMatchObject(expected);
  });

  it.each([
    [{ body: " Call first. " }, { ok: true, data: { body: "Call first." } }],
    [{ body: "   " }, { ok: false, fieldErrors: { body: "This field is required." } }],
    [{ body: "x".repeat(2000) }, { ok: true }],
    [
      { body: "x".repeat(2001) },
      { ok: false, fieldErrors: { body: "A note is at most 2000 characters." } },
    ],
  ])("note %#", (form, expected) => {
    expect(parseForm(customerNoteSchema, form)).toMatchObject(expected);
  });
});
