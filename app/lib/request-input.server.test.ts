import { describe, expect, it } from "vitest";
import {
  hasNul,
  idParam,
  NOT_A_FORM_MESSAGE,
  NUL_IN_ADDRESS_MESSAGE,
  NUL_IN_FORM_MESSAGE,
  readForm,
  readSearchParams,
  textParam,
  UNREADABLE_FORM_MESSAGE,
} from "./request-input.server";

const post = (body: BodyInit | null, type?: string) =>
  new Request("http://shop.test/contact", {
    method: "POST",
    body,
    headers: type === undefined ? {} : { "content-type": type },
  });

/** What a helper threw: the refusal's status and text. */
async function refusal(work: () => unknown) {
  try {
    await work();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, text: await thrown.text() };
  }
  throw new Error("Nothing was refused.");
}

describe("readForm", () => {
  it("reads a urlencoded form and a multipart one with its files", async () => {
    const form = await readForm(
      post("name=Thabo&email=t%40example.com", "application/x-www-form-urlencoded"),
    );
    expect(Object.fromEntries(form)).toEqual({ name: "Thabo", email: "t@example.com" });

    const body = new FormData();
    body.set("title", "Bed");
    body.set("images", new File([new Uint8Array([0, 1, 0])], "a.png", { type: "image/png" }));
    const multipart = await readForm(new Request("http://shop.test/x", { method: "POST", body }));
    expect(multipart.get("title")).toBe("Bed");
    // A file's bytes may hold NUL; only text fields are checked.
    expect((multipart.get("images") as File).size).toBe(3);
  });

  it.each([
    ["JSON", '{"name":"Thabo"}', "application/json"],
    ["text/plain", "name=Thabo", "text/plain;charset=UTF-8"],
    ["no content type", new Uint8Array([110, 61, 49]), undefined],
    ["an unknown type", "name=Thabo", "application/xml"],
  ])("refuses a body sent as %s with 415", async (_label, body, type) => {
    expect(await refusal(() => readForm(post(body, type)))).toEqual({
      status: 415,
      text: NOT_A_FORM_MESSAGE,
    });
  });

  it.each([
    ["multipart without its boundary", "multipart/form-data"],
    ["multipart whose body is broken", "multipart/form-data; boundary=zz"],
  ])("refuses %s with 400", async (_label, type) => {
    expect(await refusal(() => readForm(post("--zz\r\nbroken", type)))).toEqual({
      status: 400,
      text: UNREADABLE_FORM_MESSAGE,
    });
  });

  it.each([
    ["a value", "message=hi%00there"],
    ["a field name", "mess%00age=hi"],
  ])("refuses a NUL in %s with 400", async (_label, body) => {
    const request = post(body, "application/x-www-form-urlencoded");
    expect(await refusal(() => readForm(request))).toEqual({
      status: 400,
      text: NUL_IN_FORM_MESSAGE,
    });
  });
});

describe("readSearchParams", () => {
  it("gives the query values", () => {
    const params = readSearchParams(new Request("http://shop.test/products?q=bed&page=2"));
    expect(params.get("q")).toBe("bed");
  });

  it.each(["q=a%00b", "a%00b=1", "q=ok&f=%00"])("refuses a NUL in %s with 400", async (query) => {
    const request = new Request(`http://shop.test/products?${query}`);
    expect(await refusal(() => readSearchParams(request))).toEqual({
      status: 400,
      text: NUL_IN_ADDRESS_MESSAGE,
    });
  });
});

describe("path segments", () => {
  it.each([
    ["1", 1],
    ["1001", 1001],
    ["2147483647", 2147483647],
  ])("idParam takes %j", (segment, id) => {
    expect(idParam(segment)).toBe(id);
  });

  it.each(["3000000000", "2147483648", "0", "-1", "1.5", "1e3", "0x10", "", undefined, "a\u0000"])(
    "idParam answers 404 for %j",
    async (segment) => {
      expect((await refusal(() => idParam(segment))).status).toBe(404);
    },
  );

  it("textParam refuses a NUL or nothing with 404", async () => {
    expect(textParam("serenity-foam-bed")).toBe("serenity-foam-bed");
    expect((await refusal(() => textParam("a\u0000b"))).status).toBe(404);
    expect((await refusal(() => textParam(undefined))).status).toBe(404);
  });
});

describe("hasNul", () => {
  it("finds a NUL anywhere in parsed JSON, names included", () => {
    expect(hasNul({ lines: [{ variantId: 1 }], promoCode: "SAVE" })).toBe(false);
    expect(hasNul({ promoCode: "a\u0000" })).toBe(true);
    expect(hasNul({ lines: [{ note: ["x", "\u0000"] }] })).toBe(true);
    expect(hasNul({ "a\u0000": 1 })).toBe(true);
    expect(hasNul([1, null, true])).toBe(false);
  });
});
