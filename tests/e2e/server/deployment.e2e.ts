import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_OWNER } from "~/domain/auth/demo-owner";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { parseMessage } from "../../setup/smtp";
import { clearOfWindowEdge } from "../../setup/rate-window";

/**
 * A shop started as a real deployment would be: production, its public address configured
 * (https, behind one proxy), no payment provider and no demo gateway. What a client writes in
 * Host, X-Forwarded-For or the body must not change the links it sends, its limits or its memory.
 */
const PUBLIC_URL = "https://beds.example.co.za";
const PUBLIC_HOST = new URL(PUBLIC_URL).host;
/** What the proxy adds to a request for the shop's own address (fetch cannot set Host). */
const VIA_PROXY = { "X-Forwarded-Host": PUBLIC_HOST };
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-deployment-"));
let shop: RunningShop;

beforeAll(async () => {
  shop = await startShop({
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      PUBLIC_URL,
      TRUST_PROXY: "1",
      DEMO_PAYMENTS: "false",
      FORM_RATE_LIMIT: "3",
    },
    seedIfEmpty: true,
    output: "ignore",
  });
}, 120_000);

afterAll(async () => {
  await shop?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function outbox() {
  const dir = path.join(dataDir, "outbox");
  const files = (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (f) => parseMessage(await fs.readFile(path.join(dir, f), "utf8"))),
  );
}

/** A request with headers fetch will not let us write (Host). */
function rawRequest(options: {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(shop.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: options.path,
        method: options.method ?? "GET",
        // The proxy passes on the host the visitor asked for: the shop's own unless a test says.
        headers: { Host: PUBLIC_HOST, ...options.headers },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** fetch through the proxy, to the shop's own address. */
function shopFetch(path: string, init: RequestInit = {}) {
  return fetch(`${shop.url}${path}`, {
    ...init,
    headers: { ...VIA_PROXY, ...(init.headers as Record<string, string>) },
  });
}

const rssKb = async () => {
  const status = await fs.readFile(`/proc/${shop.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
};

describe("a production shop behind one proxy", () => {
  it("sends a visitor who names another host to its configured address, and refuses forms there", async () => {
    // A page asked for by another name is moved, path and query kept.
    for (const method of ["GET", "HEAD"]) {
      const moved = await rawRequest({
        path: "/products?q=bed",
        method,
        headers: { Host: "evil.example", "X-Forwarded-Host": "evil.example" },
      });
      expect(moved.status, method).toBe(308);
      expect(moved.headers.location, method).toBe(`${PUBLIC_URL}/products?q=bed`);
    }
    // A form posted there is refused with the shop's own page, and nothing is sent.
    const refused = await rawRequest({
      path: "/admin-login/forgot",
      method: "POST",
      headers: {
        Host: "www.beds.example.co.za",
        "X-Forwarded-Host": "www.beds.example.co.za",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: DEMO_OWNER.email }).toString(),
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("This address is not the shop");
    expect(refused.body).not.toContain("Unexpected Application Error");
    // So is a form posted to the right address from another site.
    const forged = await rawRequest({
      path: "/admin-login/forgot",
      method: "POST",
      headers: {
        Origin: "https://evil.example",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: DEMO_OWNER.email }).toString(),
    });
    expect(forged.status).toBe(403);
    expect(forged.body).toContain("came from another site");
    // A load balancer checks health by address.
    const health = await rawRequest({ path: "/healthz", headers: { Host: "10.1.2.3:3000" } });
    expect(health.status).toBe(200);
    expect(await outbox()).toEqual([]);
  });

  it("e-mails a reset link on its configured address", async () => {
    const answer = await rawRequest({
      path: "/admin-login/forgot",
      method: "POST",
      headers: {
        Origin: PUBLIC_URL,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ email: DEMO_OWNER.email }).toString(),
    });
    expect(answer.status).toBe(200);
    const mail = await expect
      .poll(async () => (await outbox()).find((m) => m.to.includes(DEMO_OWNER.email)))
      .toBeDefined()
      .then(async () => (await outbox()).find((m) => m.to.includes(DEMO_OWNER.email))!);
    expect(mail.text).toContain(`${PUBLIC_URL}/admin-login/reset?token=`);

    // Canonical links and the sitemap too.
    const home = await rawRequest({ path: "/" });
    expect(home.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/"`);
    const sitemap = await rawRequest({ path: "/sitemap.xml" });
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/products/`);
  });

  it("counts a visitor by the address its proxy saw, not the X-Forwarded-For it wrote", async () => {
    // The limit counts in fixed 15-minute windows: one ending mid-test would start it again.
    await clearOfWindowEdge();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const answer = await rawRequest({
        path: "/newsletter",
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          // The visitor's own entry changes every time; the proxy's (the last) does not.
          "X-Forwarded-For": `203.0.113.${i + 1}, 198.51.100.77`,
        },
        body: new URLSearchParams({ email: `reader${i}@example.com` }).toString(),
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 3).every((s) => s < 400)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429]);
    // Another visitor behind the same proxy still gets in.
    const other = await rawRequest({
      path: "/newsletter",
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Forwarded-For": "198.51.100.78",
      },
      body: new URLSearchParams({ email: "other@example.com" }).toString(),
    });
    expect(other.status).toBeLessThan(400);
  });

  it("takes no payment through the demo gateway: checkout says payment is not available", async () => {
    const gateway = await shopFetch(`/demo-gateway?reference=x`);
    expect(gateway.status).toBe(404);
    const quote = await shopFetch(`/api/checkout-quote`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        lines: [{ variantId: 1, quantity: 1 }],
        deliveryMethod: "standard",
        promoCode: "",
      }),
    });
    expect(((await quote.json()) as { paymentMethods: string[] }).paymentMethods).toEqual([]);
    const notify = await shopFetch(`/api/payments/demo/notify`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "reference=x&status=approved",
    });
    expect(notify.status).toBeGreaterThanOrEqual(400);
    expect(notify.status).toBeLessThan(500);
  });

  it("refuses a chunked body over the limit with 413 before reading it all", async () => {
    const before = await rssKb();
    const url = new URL(shop.url);
    const outcome = await new Promise<{ status: number; sentMb: number }>((resolve, reject) => {
      let sentMb = 0;
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: "/contact",
        method: "POST",
        headers: { Host: PUBLIC_HOST, "Content-Type": "application/x-www-form-urlencoded" },
      });
      req.on("response", (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, sentMb });
        req.destroy();
      });
      // The server answers before it has read the body: the answer must arrive, not a reset.
      req.on("error", reject);
      const chunk = "a=" + "x".repeat(1024 * 1024 - 2);
      const send = () => {
        while (sentMb < 50) {
          sentMb++;
          if (!req.write(chunk)) {
            req.once("drain", send);
            return;
          }
        }
        req.end();
      };
      send();
    });
    expect(outcome.status).toBe(413);
    const after = await rssKb();
    // The 50 MB was not held: the server's memory grew by far less than the body.
    expect(after - before).toBeLessThan(30 * 1024);
  });

  it("throws away unread an upload from someone who may not make it", async () => {
    // Each of the four paths that take pictures allows 25 MB; a visitor who is not signed in,
    // or holds a link we never sent, is refused before the body is read, and none of it is kept.
    const url = new URL(shop.url);
    const forged = "A".repeat(43);
    const paths = [
      "/admin/products/new",
      "/admin/deliveries/my-run",
      `/reviews/write/${forged}`,
      "/products/any-bed/review",
    ];
    const upload = (address: string) =>
      new Promise<number>((resolve, reject) => {
        const size = 20 * 1024 * 1024;
        const req = http.request({
          host: url.hostname,
          port: url.port,
          path: address,
          method: "POST",
          headers: {
            Host: PUBLIC_HOST,
            Origin: PUBLIC_URL,
            "Content-Type": "multipart/form-data; boundary=b",
            "Content-Length": String(size),
          },
        });
        req.on("response", (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        });
        req.on("error", reject);
        const chunk = Buffer.alloc(1024 * 1024, "x");
        let sent = 0;
        const send = () => {
          while (sent < size) {
            sent += chunk.length;
            if (!req.write(chunk)) {
              req.once("drain", send);
              return;
            }
          }
          req.end();
        };
        send();
      });
    const before = await rssKb();
    const statuses = [];
    for (const address of [...paths, ...paths]) statuses.push(await upload(address));
    const after = await rssKb();
    // Sent to sign in, or told the link is not ours: never a 413 and never a 5xx.
    for (const status of statuses) {
      expect(status).toBeGreaterThanOrEqual(300);
      expect(status).toBeLessThan(500);
      expect(status).not.toBe(413);
    }
    // 160 MB sent; read whole before the check, it added 100-330 MB to the server's memory.
    expect(after - before).toBeLessThan(30 * 1024);
    // The shop still answers on the connections that follow.
    expect((await shopFetch("/products")).status).toBe(200);
  });

  it("sends the security headers on every kind of answer", async () => {
    const page = await shopFetch(`/products`);
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    const head = await shopFetch(`/products`, { method: "HEAD" });
    expect(head.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
    // Rendered a second time it is kept; asked again, it is allowed its scripts by their hashes.
    await shopFetch(`/products`);
    const again = await shopFetch(`/products`);
    expect(again.headers.get("content-security-policy")).toMatch(/script-src 'self' 'sha256-/);

    for (const address of ["/", "/products.data", "/sitemap.xml", "/favicon.svg", "/admin-login"]) {
      const answer = await shopFetch(`${address}`, { redirect: "manual" });
      expect(answer.headers.get("x-content-type-options"), address).toBe("nosniff");
      expect(answer.headers.get("permissions-policy"), address).toContain("camera=()");
      expect(answer.headers.get("content-security-policy"), address).toContain(
        "frame-ancestors 'none'",
      );
      // Plain http from inside: no HSTS.
      expect(answer.headers.get("strict-transport-security"), address).toBeNull();
    }
    // Scripts and styles carry no-sniffing alone: the other policies are read from documents.
    const html = await (await shopFetch(`/`)).text();
    const assets = [...html.matchAll(/"(\/assets\/[\w.-]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith(".js")) && assets.some((a) => a.endsWith(".css"))).toBe(
      true,
    );
    for (const address of assets) {
      const answer = await shopFetch(`${address}`);
      expect(answer.status, address).toBe(200);
      expect(answer.headers.get("x-content-type-options"), address).toBe("nosniff");
      for (const name of ["permissions-policy", "x-frame-options", "content-security-policy"]) {
        expect(answer.headers.get(name), `${address} ${name}`).toBeNull();
      }
    }
    const privatePages = [
      "/admin",
      "/admin.data",
      "/admin/orders",
      "/orders/1",
      "/admin-login",
      "/checkout",
      "/checkout.data",
      `/reviews/write/${"a".repeat(43)}`,
      `/reviews/stop/${"a".repeat(43)}`,
    ];
    for (const address of privatePages) {
      const answer = await shopFetch(`${address}`, { redirect: "manual" });
      expect(answer.headers.get("cache-control"), address).toBe("private, no-store");
    }
    expect((await shopFetch(`/products`)).headers.get("cache-control") ?? "").not.toMatch(
      /no-store/,
    );
    // Over https (as the trusted proxy says), browsers are told to stay on https.
    const secure = await rawRequest({ path: "/", headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
  });
});

describe("starting a production shop", () => {
  it("refuses while the demo owner still has the demo password, or without PUBLIC_URL", async () => {
    await shop.stop();
    await expect(
      startShop({
        env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", ALLOW_DEMO_OWNER: "false" },
        output: "ignore",
        captureStderr: true,
      }),
    ).rejects.toThrow(/demo owner .* can still sign in with the public demo password/);
    await expect(
      startShop({
        env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", PUBLIC_URL: "" },
        output: "ignore",
        captureStderr: true,
      }),
    ).rejects.toThrow(/PUBLIC_URL: is required in production/);
  });
});
