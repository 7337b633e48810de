import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER } from "~/domain/auth/demo-owner";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { baseUrl, main, useBrowser, waitForHydration } from "../browser";
import { checkoutWith, completeOrder, fillDetails } from "../shopper";

/**
 * A shop of its own, logging every request as production does (JSON, LOG_LEVEL info), with
 * /metrics behind a token: a shopper buys with a card, writes to the shop, and the owner signs
 * in. Its whole log is then read for anything that must never be in one.
 */
const browser = useBrowser();
const METRICS_TOKEN = "metrics-token-for-this-test-only";
const AUTH_SECRET = "auth-secret-for-the-logs-test-0123456789";
const SHOPPER_EMAIL = "nomvula.logtest@example.co.za";
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-logs-"));
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "info",
      METRICS_TOKEN,
      BETTER_AUTH_SECRET: AUTH_SECRET,
    },
    seedIfEmpty: true,
    captureStdout: true,
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

type Line = Record<string, unknown>;
const logLines = (): Line[] =>
  shop
    .stdout()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line);

const metrics = async (token?: string) =>
  fetch(`${shop.url}/metrics`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });

describe("logs", () => {
  it("write one JSON line per request and never a secret, password, card, token or e-mail", async () => {
    const page = await browser.newPage({ baseURL: shop.url });
    await checkoutWith(page, "backcare-spring-bed", "queen");
    await fillDetails(page, SHOPPER_EMAIL);
    await main(page)
      .getByLabel(/I agree to the/)
      .check();
    await completeOrder(page);
    await page.waitForURL("**/demo-gateway?**");
    await waitForHydration(page);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM/YY)").fill("12/39");
    await page.getByLabel("CVV").fill("987");
    await page.getByLabel("Name on card").fill("N Logtest");
    await page.getByRole("button", { name: /^Pay R/ }).click();
    await page.waitForURL("**/orders/*?token=*");
    await main(page).getByText("Payment received").waitFor();
    const orderToken = new URL(page.url()).searchParams.get("token")!;

    const staff = await browser.newPage({ baseURL: shop.url });
    await staff.goto("/admin-login");
    await waitForHydration(staff);
    await staff.getByLabel("Email").fill(DEMO_OWNER.email);
    await staff.getByLabel("Password", { exact: true }).fill(DEMO_OWNER.password);
    await staff.getByRole("button", { name: "Sign In" }).click();
    await staff.waitForURL(/\/admin$/);
    const session = (await staff.context().cookies()).find((c) => /session/.test(c.name))!;
    await metrics(METRICS_TOKEN);

    const lines = logLines();
    const requests = lines.filter((l) => l.msg === "request");
    expect(requests.length).toBeGreaterThan(20);
    for (const line of requests) {
      expect(Object.keys(line).sort()).toEqual(
        ["level", "time", "pid", "msg", "reqId", "method", "route", "status", "ms"].sort(),
      );
    }
    expect(requests).toContainEqual(
      expect.objectContaining({ method: "GET", route: "/orders/:number", status: 200 }),
    );
    expect(requests).toContainEqual(
      expect.objectContaining({ method: "POST", route: "/admin-login" }),
    );
    const text = shop.stdout();
    for (const secret of [
      DEMO_OWNER.password,
      DEMO_OWNER.email,
      SHOPPER_EMAIL,
      "4242424242424242",
      "4242 4242 4242 4242",
      orderToken,
      session.value,
      AUTH_SECRET,
      METRICS_TOKEN,
    ]) {
      expect(text.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    }
    expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });

  it("give an error page a reference that staff find in the log", async () => {
    const answer = await fetch(`${shop.url}/products/no-such-bed`);
    expect(answer.status).toBe(404);
    const reference = /Reference: <code>([\w-]+)<\/code>/.exec(await answer.text())?.[1];
    expect(reference).toBe(answer.headers.get("x-request-id"));
    // The line is written once the answer has gone, and reaches this process's pipe after it.
    await expect
      .poll(logLines)
      .toContainEqual(
        expect.objectContaining({ reqId: reference, route: "/products/:slug", status: 404 }),
      );
  });
});

describe("metrics", () => {
  it("answer only with the token, and are not there at all without one", async () => {
    expect((await metrics()).status).toBe(401);
    expect((await metrics("wrong-token-of-enough-length")).status).toBe(401);
    // The journeys' shop has no METRICS_TOKEN: the address is the shop's own 404.
    expect((await fetch(`${baseUrl()}/metrics`)).status).toBe(404);
  });

  it("count the requests made, by route pattern, and name no one", async () => {
    const count = async () => {
      const body = await (await metrics(METRICS_TOKEN)).text();
      const line = body
        .split("\n")
        .find((l) =>
          l.startsWith(
            'shop_http_request_duration_seconds_count{method="GET",route="/products",status="200"}',
          ),
        );
      return Number(line?.split(" ")[1] ?? 0);
    };
    const before = await count();
    await (await fetch(`${shop.url}/products?q=naledi@example.com`)).text();
    await (await fetch(`${shop.url}/products`)).text();
    expect(await count()).toBe(before + 2);
    const body = await (await metrics(METRICS_TOKEN)).text();
    for (const name of [
      "shop_db_pool_connections",
      "nodejs_eventloop_lag_seconds",
      "shop_cache_lookups_total",
      "shop_job_last_run_timestamp_seconds",
      "shop_orders_placed_total",
      "shop_orders_paid_total",
    ]) {
      expect(body, name).toContain(name);
    }
    expect(body).not.toContain("@");
    expect(body).not.toContain("naledi");
  });
});
