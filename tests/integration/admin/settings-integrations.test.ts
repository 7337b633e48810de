// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { resetPayflexTokens } from "~/domain/payments/payflex.server";
import * as integrations from "~/routes/admin/settings-integrations";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { insertStoreSettings } from "../../factories";
import { outboxCount, setEnv, startServer } from "../payments/helpers";
import { formRequest, routeOutcome, shopRequest, signedIn, statusOf } from "./helpers";

useTestDatabase();

const PATH = "/admin/settings/integrations";
const PASSPHRASE = "pass phrase";

/** PayFast's and PayFlex's stand-ins: a signed /ping and a token endpoint. */
const seen = { pings: [] as string[], tokens: 0 };
let providers: Awaited<ReturnType<typeof startServer>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let owner: { cookie: string; email: string };
let restoreEnv: (() => void) | undefined;

function payfastSignature(headers: Record<string, unknown>) {
  const fields: Record<string, string> = {
    "merchant-id": String(headers["merchant-id"]),
    passphrase: PASSPHRASE,
    timestamp: String(headers.timestamp),
    version: String(headers.version),
  };
  const text = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(fields[k]!).replace(/%20/g, "+")}`)
    .join("&");
  return createHash("md5").update(text).digest("hex");
}

beforeAll(async () => {
  await insertStoreSettings();
  owner = await signedIn("owner");
  smtp = await startSmtpServer();
  providers = await startServer(({ method, url, headers, body }) => {
    if (method === "GET" && url.startsWith("/ping")) {
      seen.pings.push(url);
      return headers.signature === payfastSignature(headers)
        ? { body: '"API v1"' }
        : { status: 401, body: { status: "failed", data: { message: "Unauthorized" } } };
    }
    if (method === "POST" && url === "/auth/merchant") {
      seen.tokens += 1;
      const sent = JSON.parse(body) as { client_secret?: string };
      return sent.client_secret === "right-secret"
        ? { body: { access_token: "t", expires_in: 3600 } }
        : { status: 401, body: { error: "access_denied" } };
    }
    return { status: 404, body: "no" };
  });
});
afterEach(() => {
  restoreEnv?.();
  restoreEnv = undefined;
  resetPayflexTokens();
});
afterAll(async () => {
  await smtp.close();
  await providers.close();
});

const post = (intent: string) =>
  routeOutcome(integrations.action, formRequest(PATH, { intent }, owner.cookie), {});
const body = (value: unknown) =>
  ((value as { data?: unknown }).data ?? value) as Record<string, unknown>;

describe("the e-mail card", () => {
  it("says which way mail goes, never the server's address", async () => {
    restoreEnv = setEnv({ SMTP_URL: "smtp://user:secret@mail.example:587" });
    const page = await routeOutcome(
      integrations.loader,
      shopRequest(PATH, { cookie: owner.cookie }),
      {},
    );
    expect(page.returned).toMatchObject({ status: { mail: "smtp" } });
    expect(JSON.stringify(page.returned)).not.toMatch(/secret|mail\.example/);
  });

  it("sends a real test e-mail through SMTP to the signed-in owner, in the audit log", async () => {
    restoreEnv = setEnv({ SMTP_URL: smtp.url });
    const before = smtp.received.length;
    const result = await post("test-email");
    expect(body(result.returned)).toMatchObject({
      ok: true,
      message: {
        title: "Test E-mail Sent",
        description: `A test e-mail was sent to ${owner.email}.`,
      },
    });
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toContain(owner.email);
    expect(mail.subject).toBe("Test e-mail from Test Beds");
    expect(mail.text).toContain("sent through the shop's SMTP server");
    const audits = await db().select().from(auditLog).where(eq(auditLog.action, "test_email_sent"));
    expect(audits.at(-1)).toMatchObject({ details: { to: owner.email, transport: "smtp" } });
  });

  it("without SMTP, writes it to the outbox and says so", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "settings-outbox-"));
    restoreEnv = setEnv({ SMTP_URL: undefined, DATA_DIR: dataDir });
    try {
      const result = await post("test-email");
      expect(body(result.returned)).toMatchObject({ ok: true });
      expect(await outboxCount(dataDir)).toBe(1);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it("an SMTP server that cannot be reached gives 503 and no audit line", async () => {
    restoreEnv = setEnv({ SMTP_URL: "smtp://127.0.0.1:9" });
    const audits = (
      await db().select().from(auditLog).where(eq(auditLog.action, "test_email_sent"))
    ).length;
    const result = await post("test-email");
    expect(statusOf(result.returned)).toBe(503);
    expect(body(result.returned)).toMatchObject({ ok: false, alert: { title: "E-mail Not Sent" } });
    const after = await db().select().from(auditLog).where(eq(auditLog.action, "test_email_sent"));
    expect(after).toHaveLength(audits);
  });
});

describe("payment connection checks", () => {
  const payfast = (passphrase: string) => ({
    PAYFAST_MERCHANT_ID: "10000100",
    PAYFAST_MERCHANT_KEY: "key-never-shown",
    PAYFAST_PASSPHRASE: passphrase,
    PAYFAST_MODE: "sandbox",
    PAYFAST_API_URL: providers.url,
  });
  const payflex = (secret: string) => ({
    PAYFLEX_CLIENT_ID: "client",
    PAYFLEX_CLIENT_SECRET: secret,
    PAYFLEX_MODE: "live",
    PAYFLEX_AUTH_URL: `${providers.url}/auth/merchant`,
    PAYFLEX_API_URL: providers.url,
  });

  it("shows each provider as configured or not, with its mode, never its keys", async () => {
    restoreEnv = setEnv({ ...payfast(PASSPHRASE), PAYFLEX_CLIENT_ID: undefined });
    const page = await routeOutcome(
      integrations.loader,
      shopRequest(PATH, { cookie: owner.cookie }),
      {},
    );
    expect(page.returned).toMatchObject({
      status: { payfast: { configured: true, mode: "sandbox" }, payflex: { configured: false } },
    });
    expect(JSON.stringify(page.returned)).not.toMatch(/key-never-shown|10000100|pass phrase/);
  });

  it("PayFast: a signed ping to its API, accepted or refused", async () => {
    restoreEnv = setEnv(payfast(PASSPHRASE));
    const ok = await post("check-payfast");
    expect(body(ok.returned)).toMatchObject({
      ok: true,
      message: { description: "PayFast accepted the shop's credentials (sandbox)." },
    });
    expect(seen.pings.at(-1)).toBe("/ping?testing=true");
    restoreEnv();
    restoreEnv = setEnv(payfast("wrong passphrase"));
    const refused = await post("check-payfast");
    expect(statusOf(refused.returned)).toBe(503);
    expect(body(refused.returned)).toMatchObject({
      alert: { description: "PayFast refused the shop's credentials (sandbox)." },
    });
  });

  it("PayFlex: a fresh token, accepted or refused; unreachable says so", async () => {
    restoreEnv = setEnv(payflex("right-secret"));
    const tokens = seen.tokens;
    const ok = await post("check-payflex");
    expect(body(ok.returned)).toMatchObject({
      ok: true,
      message: { description: "PayFlex accepted the shop's credentials (live)." },
    });
    expect(seen.tokens).toBe(tokens + 1);
    restoreEnv();
    restoreEnv = setEnv(payflex("wrong-secret"));
    expect(body((await post("check-payflex")).returned)).toMatchObject({
      alert: { description: "PayFlex refused the shop's credentials (live)." },
    });
    restoreEnv();
    restoreEnv = setEnv({
      ...payflex("right-secret"),
      PAYFLEX_AUTH_URL: "http://127.0.0.1:9/auth",
    });
    expect(body((await post("check-payflex")).returned)).toMatchObject({
      alert: { description: "PayFlex could not be reached (live)." },
    });
  });

  it("a provider that is not configured is not checked, and answers 409 (a state, not an outage)", async () => {
    restoreEnv = setEnv({ PAYFAST_MERCHANT_ID: undefined, PAYFAST_MERCHANT_KEY: undefined });
    const pings = seen.pings.length;
    const result = await post("check-payfast");
    expect(statusOf(result.returned)).toBe(409);
    expect(body(result.returned)).toMatchObject({
      alert: { title: "Not Configured", description: "PayFast is not configured." },
    });
    expect(seen.pings).toHaveLength(pings);
  });

  it("an unknown request is refused with 400", async () => {
    expect(statusOf((await post("launch")).returned)).toBe(400);
  });
});
