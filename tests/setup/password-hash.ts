import crypto from "node:crypto";
import { vi } from "vitest";

/**
 * Passwords in tests: the shop's scrypt and its "salt:key" format, at a lower cost. At the
 * production cost (N=16384, r=16) one hash took 100-400 ms, and the suite makes hundreds (a
 * sign-in helper alone makes two, the sign-in limit tests sixty); at N=1024, r=8 it takes about
 * 1 ms. app/domain/auth/password-hash.server.test.ts checks the production module itself.
 */
const COST = { N: 1024, r: 8, p: 1 };

function key(password: string, salt: string) {
  return new Promise<Buffer>((resolve, reject) =>
    crypto.scrypt(password.normalize("NFKC"), salt, 64, COST, (error, derived) =>
      error ? reject(error) : resolve(derived),
    ),
  );
}

vi.mock("~/domain/auth/password-hash.server", () => ({
  passwordHashing: {
    async hash(password: string) {
      const salt = crypto.randomBytes(16).toString("hex");
      return `${salt}:${(await key(password, salt)).toString("hex")}`;
    },
    async verify({ hash, password }: { hash: string; password: string }) {
      const [salt, expected] = hash.split(":");
      if (!salt || !expected) throw new Error("Invalid password hash");
      const derived = await key(password, salt);
      const stored = Buffer.from(expected, "hex");
      return derived.length === stored.length && crypto.timingSafeEqual(derived, stored);
    },
  },
}));
