import { hashPassword, verifyPassword } from "better-auth/crypto";

/**
 * How the shop hashes and checks passwords: better-auth's own scrypt (N=16384, r=16, p=1, a
 * 64-byte key; "salt:key" in hex), named here so that every place goes through one module. The
 * unit and integration tests replace it with the same scrypt at a lower cost
 * (tests/setup/password-hash.ts): at this cost a hash takes 100-400 ms, and the tests make
 * hundreds. password-hash.server.test.ts checks this module at the production cost.
 */
export const passwordHashing = {
  hash: (password: string): Promise<string> => hashPassword(password),
  verify: ({ hash, password }: { hash: string; password: string }): Promise<boolean> =>
    verifyPassword({ hash, password }),
};
