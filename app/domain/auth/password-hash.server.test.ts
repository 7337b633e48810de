import crypto from "node:crypto";
import { verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it, vi } from "vitest";
import { passwordHashing } from "./password-hash.server";

// The other tests hash at a lower cost (tests/setup/password-hash.ts); this one checks the
// module the shop runs with.
vi.unmock("./password-hash.server");

describe("password hashing at the production cost", () => {
  it("is scrypt with N=16384, r=16, p=1 and a 64-byte key, in better-auth's salt:key form", async () => {
    const hash = await passwordHashing.hash("correct-horse");
    const [salt, key] = hash.split(":");
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    const expected = crypto.scryptSync("correct-horse", salt!, 64, {
      N: 16384,
      r: 16,
      p: 1,
      maxmem: 128 * 16384 * 16 * 2,
    });
    expect(key).toBe(expected.toString("hex"));
  });

  it("checks a password against a hash better-auth reads, and refuses a wrong one", async () => {
    const hash = await passwordHashing.hash("correct-horse");
    expect(await betterAuthVerify({ hash, password: "correct-horse" })).toBe(true);
    expect(await passwordHashing.verify({ hash, password: "correct-horse" })).toBe(true);
    expect(await passwordHashing.verify({ hash, password: "wrong-horse" })).toBe(false);
  });
});
