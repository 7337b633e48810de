import { describe, expect, it } from "vitest";
import { linkPieces, paragraphsOf, plainContent, previewOf } from "./mail-content";

const SHOP = "https://shop.example";

describe("a plain-text message laid out", () => {
  it("keeps blank-line separated paragraphs, single line breaks inside them", () => {
    expect(paragraphsOf("Dear Naledi,\n\nLine one\nLine two\n\n\n  \n--\nShop")).toEqual([
      "Dear Naledi,",
      "Line one\nLine two",
      "--\nShop",
    ]);
    expect(plainContent("Subject", "One\r\n\r\nTwo")).toEqual({
      heading: "Subject",
      paragraphs: ["One", "Two"],
    });
  });

  it.each([
    [
      "Pay here: https://shop.example/orders/7?token=a_b-c",
      "https://shop.example/orders/7?token=a_b-c",
      "",
    ],
    ["See https://shop.example/orders/7.", "https://shop.example/orders/7", "."],
    ["(https://shop.example/a), then", "https://shop.example/a", "), then"],
  ])("makes a link of the URL in %j, leaving the sentence's punctuation out", (line, url, rest) => {
    const pieces = linkPieces(line, SHOP);
    expect(pieces).toContainEqual({ url });
    // Nothing is lost or doubled: the pieces put together are the line.
    expect(pieces.map((p) => ("url" in p ? p.url : p.text)).join("")).toBe(line);
    if (rest) expect(pieces.at(-1)).toEqual({ text: rest });
  });

  it.each([
    "Win a bed at https://evil.example/claim",
    "https://shop.example.evil.example/orders/7",
    "https://shop.example@evil.example/orders/7",
    "http://shop.example/orders/7",
    "https://shop.example:8443/orders/7",
    "hxxps://shop.example/x and javascript:alert(1)",
  ])("leaves %j as text: a URL off the shop's origin is never a link", (line) => {
    expect(linkPieces(line, SHOP)).toEqual([{ text: line }]);
  });

  it("links the shop's URL and leaves a visitor's beside it as text", () => {
    const line = "See https://evil.example/a or https://shop.example/orders/7";
    expect(linkPieces(line, SHOP)).toEqual([
      { text: "See https://evil.example/a or " },
      { url: "https://shop.example/orders/7" },
    ]);
  });

  it("previews the first paragraph after the greeting, cut at a word", () => {
    const long = `Thank you for your order 1042. ${"We hold the items for you. ".repeat(6)}`;
    const preview = previewOf({ heading: "H", paragraphs: ["Dear Naledi,", long] });
    expect(preview.startsWith("Thank you for your order 1042.")).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(111);
    expect(preview.endsWith("…")).toBe(true);
    expect(previewOf({ heading: "Only a heading" })).toBe("Only a heading");
  });
});
