import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { signInAsOwner } from "../admin/admin-session";
import { useBrowser } from "../browser";
import { createScratchDatabase, type ScratchDatabase } from "./scratch-postgres";

/**
 * WEB_CONCURRENCY=2 on PostgreSQL: the primary process migrates and seeds once, then forks two
 * server processes sharing the port. Both answer (each request's log line names its process),
 * and a staff session made through one works on the other.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const browser = useBrowser();

type RequestLine = { msg: string; pid: number; method: string; route: string; status: number };

/** A GET on a connection of its own, so the kernel may hand it to either process. */
function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (answer) => {
        answer.resume();
        answer.once("end", () => resolve(answer.statusCode ?? 0));
      })
      .once("error", reject);
  });
}

describe.runIf(TEST_DATABASE_URL)("WEB_CONCURRENCY=2 on PostgreSQL", () => {
  let database: ScratchDatabase;
  let shop: RunningShop;
  let dataDir: string;

  beforeAll(async () => {
    database = await createScratchDatabase(TEST_DATABASE_URL!, "cluster");
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-cluster-"));
    shop = await startShop({
      env: {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SMTP_URL: "",
        WEB_CONCURRENCY: "2",
        LOG_LEVEL: "info",
        LOG_FORMAT: "json",
      },
      seedIfEmpty: true,
      captureStdout: true,
    });
  }, 240_000);

  afterAll(async () => {
    await shop?.stop();
    await database?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  const requestLines = (): RequestLine[] =>
    shop
      .stdout()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as RequestLine)
      .filter((line) => line.msg === "request");

  /** Asks until two processes other than the primary have answered `route` with 200. */
  async function answeringProcesses(url: string, route: string, headers = {}) {
    for (let i = 0; i < 40; i++) {
      expect(await getOnNewConnection(url, headers)).toBe(200);
      if (processesOf(route).size >= 2) break;
    }
    return processesOf(route);
  }
  const processesOf = (route: string) =>
    new Set(
      requestLines()
        .filter((line) => line.route === route && line.status === 200)
        .map((line) => line.pid),
    );

  it("migrates once, and both processes answer, the media included", async () => {
    const migrations = JSON.parse(await fs.readFile("drizzle/meta/_journal.json", "utf8")) as {
      entries: unknown[];
    };
    const applied = await database.query<{ hash: string }>(
      "select hash from drizzle.__drizzle_migrations",
    );
    expect(applied).toHaveLength(migrations.entries.length);
    expect(new Set(applied.map((row) => row.hash)).size).toBe(applied.length);
    const [products] = await database.query<{ n: number }>(
      "select count(*)::int as n from products",
    );
    expect(products!.n).toBeGreaterThan(0);

    const pages = await answeringProcesses(
      `${shop.url}/products/backcare-spring-bed`,
      "/products/:slug",
    );
    expect(pages.size).toBe(2);
    expect(pages.has(shop.pid)).toBe(false);
    const media = await answeringProcesses(`${shop.url}/media/site/about-640.webp`, "/media/*");
    expect([...media].sort()).toEqual([...pages].sort());
  });

  it("keeps a staff session made through one process on the other", async () => {
    const staff = await browser.newPage({
      baseURL: shop.url,
      viewport: { width: 1280, height: 900 },
    });
    await signInAsOwner(staff);
    const cookie = (await staff.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const signedIn = requestLines().find(
      (line) => line.method === "POST" && line.route === "/admin-login",
    );
    expect(signedIn).toBeDefined();
    // Every request for the back office on a new connection: both processes let the owner in
    // (a process that did not know the session would send them to /admin-login).
    const admins = await answeringProcesses(`${shop.url}/admin/orders`, "/admin/orders", {
      cookie,
    });
    expect(admins.size).toBe(2);
    expect(admins.has(signedIn!.pid)).toBe(true);
  });
});
