import { describe, expect, it } from "vitest";
import { authSecret, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives the defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("stops with a message naming the bad variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
    expect(() => parseEnv({ SMTP_URL: "http://mail" })).toThrow(/SMTP_URL/);
  });

  it("treats an empty optional URL as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", SMTP_URL: " " });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it("requires BETTER_AUTH_SECRET in production and gives a dev-only one elsewhere", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/BETTER_AUTH_SECRET/);
    expect(() => parseEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: "short" })).toThrow(
      /BETTER_AUTH_SECRET: must be at least 32/,
    );
    const secret = "x".repeat(40);
    expect(authSecret(parseEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret }))).toBe(
      secret,
    );
    expect(authSecret(parseEnv({}))).toMatch(/dev-only/);
  });
});
