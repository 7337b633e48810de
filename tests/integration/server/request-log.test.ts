import { describe, expect, it } from "vitest";
import { newRequestId } from "../../../server/request-log";

describe("a request's id", () => {
  it("is eight base64url characters, never the same twice across several draws of random bytes", () => {
    const ids = Array.from({ length: 5_000 }, () => newRequestId());
    for (const id of ids) expect(id).toMatch(/^[\w-]{8}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
