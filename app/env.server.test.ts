import { describe, expect, it, vi } from "vitest";
import { authSecret, demoPaymentsAllowed, env, parseEnv } from "./env.server";
import { siteUrl } from "./lib/site-url.server";

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
    const production = { NODE_ENV: "production", PUBLIC_URL: "https://shop.example" };
    expect(authSecret(parseEnv({ ...production, BETTER_AUTH_SECRET: secret }))).toBe(secret);
    expect(authSecret(parseEnv({}))).toMatch(/dev-only/);
  });

  it("requires PUBLIC_URL in production, and every absolute link is built on it", () => {
    const secret = "x".repeat(40);
    expect(() => parseEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret })).toThrow(
      /PUBLIC_URL: is required in production/,
    );
    const e = parseEnv({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: secret,
      PUBLIC_URL: "https://shop.example/",
    });
    expect(siteUrl(e)).toBe("https://shop.example");
    // Development without it: the local address, never a request's Host.
    expect(siteUrl(parseEnv({ PORT: "4100" }))).toBe("http://localhost:4100");
  });

  it("trusts only the configured proxies, never every X-Forwarded-For entry", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16" }).TRUST_PROXY).toEqual([
      "10.0.0.5",
      "10.1.0.0/16",
    ]);
    for (const bad of ["true", "yes", "11", "10.0.0.5/40", "proxy.example"]) {
      expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be "false"/);
    }
  });

  it("keeps the demo gateway off in production unless DEMO_PAYMENTS=true", () => {
    const production = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(40),
      PUBLIC_URL: "https://shop.example",
    };
    expect(demoPaymentsAllowed(parseEnv(production))).toBe(false);
    expect(demoPaymentsAllowed(parseEnv({ ...production, DEMO_PAYMENTS: "true" }))).toBe(true);
    expect(demoPaymentsAllowed(parseEnv({}))).toBe(true);
    expect(demoPaymentsAllowed(parseEnv({ DEMO_PAYMENTS: "false" }))).toBe(false);
  });
});

describe("env", () => {
  it("follows a change of any variable, though it parses only when one changed", () => {
    const before = process.env.MAIL_FROM;
    try {
      process.env.MAIL_FROM = "shop@example.co.za";
      const first = env();
      expect(first.MAIL_FROM).toBe("shop@example.co.za");
      expect(env()).toBe(first);
      process.env.MAIL_FROM = "orders@example.co.za";
      expect(env().MAIL_FROM).toBe("orders@example.co.za");
      process.env.MAIL_FROM = "x";
      expect(() => env()).toThrow(/MAIL_FROM/);
      delete process.env.MAIL_FROM;
      expect(env().MAIL_FROM).toBeUndefined();
    } finally {
      if (before === undefined) delete process.env.MAIL_FROM;
      else process.env.MAIL_FROM = before;
    }
  });

  it("once the server has settled it, keeps what it read at start without looking again", async () => {
    const before = process.env.MAIL_FROM;
    vi.resetModules();
    const fresh = await import("./env.server");
    try {
      process.env.MAIL_FROM = "shop@example.co.za";
      fresh.settleEnv();
      const settled = fresh.env();
      process.env.MAIL_FROM = "orders@example.co.za";
      expect(fresh.env()).toBe(settled);
      expect(fresh.env().MAIL_FROM).toBe("shop@example.co.za");

      // The shop's build bundles a copy of its own, which the server's settling reaches too.
      vi.resetModules();
      const copy = await import("./env.server");
      expect(copy.env().MAIL_FROM).toBe("orders@example.co.za");
      process.env.MAIL_FROM = "sales@example.co.za";
      expect(copy.env().MAIL_FROM).toBe("orders@example.co.za");
    } finally {
      delete (globalThis as Record<symbol, unknown>)[Symbol.for("bed-shop.env-settled")];
      if (before === undefined) delete process.env.MAIL_FROM;
      else process.env.MAIL_FROM = before;
    }
  });
});
