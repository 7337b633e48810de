import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { startLocalS3, type LocalS3 } from "../../setup/s3-server";
import { signInAsOwner, toast } from "../admin/admin-session";
import { main, useBrowser, waitForHydration } from "../browser";
import { checkoutWith, completeOrder, fillDetails } from "../shopper";
import { PIN_HEADER, startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";
import { createScratchDatabase, type ScratchDatabase } from "./scratch-postgres";
import { clearOfWindowEdge } from "../../setup/rate-window";

/**
 * Two machines' worth of shop: two built shop processes, each with a data folder of its own,
 * on one PostgreSQL database and one object store (a local S3-compatible server), behind a
 * round-robin proxy that is the shop's public address. Whatever one of them is told, the other
 * knows: a photo and a price, a staff session, a form's rate limit, an unpaid order's expiry.
 */
const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
const FORM_RATE_LIMIT = 4;
const PRODUCT = "backcare-spring-bed";
const browser = useBrowser();

describe.runIf(TEST_DATABASE_URL)("two shop instances on one PostgreSQL", () => {
  let database: ScratchDatabase;
  let s3: LocalS3;
  let proxy: RoundRobinProxy;
  const shops = new Map<string, RunningShop>();
  const dataDirs = new Map<string, string>();

  beforeAll(async () => {
    database = await createScratchDatabase(TEST_DATABASE_URL!, "machines");
    s3 = await startLocalS3("shop-media");
    proxy = await startRoundRobinProxy();
    for (const instance of ["a", "b"]) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `bed-shop-machine-${instance}-`));
      dataDirs.set(instance, dataDir);
      // The first one migrates and seeds (its drawings go to the object store); the second
      // starts on what it finds.
      const shop = await startShop({
        env: {
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          PUBLIC_URL: proxy.url,
          SMTP_URL: "",
          FORM_RATE_LIMIT: String(FORM_RATE_LIMIT),
          ...s3.env("shop"),
        },
        seedIfEmpty: instance === "a",
      });
      shops.set(instance, shop);
      proxy.targets.set(instance, shop.url);
    }
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...shops.values()].map((shop) => shop.stop()));
    await proxy?.close();
    await s3?.close();
    await database?.drop();
    for (const dir of dataDirs.values()) await fs.rm(dir, { recursive: true, force: true });
  });

  /** A GET through the proxy, answered by `instance`. */
  const fetchOn = async (instance: string, address: string) => {
    const answer = await fetch(`${proxy.url}${address}`, { headers: { [PIN_HEADER]: instance } });
    expect(answer.headers.get("x-served-by")).toBe(instance);
    return answer;
  };

  it("shows a photo and a price staff saved on one instance within 2 seconds on the other", async () => {
    const [product] = await database.query<{ id: number }>(
      "select id from products where slug = $1",
      [PRODUCT],
    );
    // The other instance has the product page in its caches (rendered twice: kept).
    for (let i = 0; i < 2; i++) {
      expect((await fetchOn("b", `/products/${PRODUCT}?size=queen`)).status).toBe(200);
      expect((await fetchOn("b", `/products?q=backcare`)).status).toBe(200);
    }

    const staff = await browser.newPage({
      baseURL: proxy.url,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { [PIN_HEADER]: "a" },
    });
    await signInAsOwner(staff);
    await staff.goto(`/admin/products/${product!.id}`);
    await staff.getByRole("heading", { name: "Edit Product" }).waitFor();
    await waitForHydration(staff);
    await staff.getByLabel("Queen price").fill("5123.50");
    const photo = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#2f855a" },
    })
      .png()
      .toBuffer();
    await staff
      .locator("#images")
      .setInputFiles({ name: "showroom.png", mimeType: "image/png", buffer: photo });
    await staff.getByRole("button", { name: "Save Product" }).click();
    await toast(staff, "Product Updated").waitFor();
    const saved = Date.now();
    const saves = proxy.served.filter((r) => r.method === "POST" && r.path.startsWith("/admin/"));
    expect(saves.length).toBeGreaterThan(0);
    expect(saves.every((r) => r.instance === "a")).toBe(true);

    const [photoRow] = await database.query<{ media_key: string }>(
      "select media_key from product_images where product_id = $1 order by id desc limit 1",
      [product!.id],
    );
    const key = photoRow!.media_key;
    expect(key).toMatch(/^products\/simmons-backcare-spring-bed-[0-9a-f]{8}$/);

    // The shopper's instance shows both, polled for at most 2 seconds.
    const price = formatMoney(512350);
    let page = "";
    while (Date.now() - saved < 2_000) {
      page = await (await fetchOn("b", `/products/${PRODUCT}?size=queen`)).text();
      if (page.includes(price) && page.includes(key)) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(page).toContain(price);
    expect(page).toContain(`/media/${key}-640.webp`);
    const image = await fetchOn("b", `/media/${key}-640.webp`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(640);

    // And a shopper's browser on that instance sees them drawn.
    const shopper = await browser.newPage({
      baseURL: proxy.url,
      extraHTTPHeaders: { [PIN_HEADER]: "b" },
    });
    await shopper.goto(`/products/${PRODUCT}?size=queen`);
    await main(shopper).getByText(price).first().waitFor();
    const drawn = main(shopper).locator(`img[src*="${key}"]`).first();
    await drawn.scrollIntoViewIfNeeded();
    await expect
      .poll(() => drawn.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  });

  it("shows the phone number the owner saved on one instance on the other's next request", async () => {
    // The other instance has the home page in its render cache (rendered twice: kept).
    for (let i = 0; i < 2; i++) expect((await fetchOn("b", "/")).status).toBe(200);
    const owner = await browser.newPage({
      baseURL: proxy.url,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { [PIN_HEADER]: "a" },
    });
    await signInAsOwner(owner);
    await owner.goto("/admin/settings");
    await waitForHydration(owner);
    await main(owner).getByLabel("Phone").fill("018 632 4242");
    await owner.getByRole("button", { name: "Save Changes" }).click();
    await toast(owner, "Settings Saved").waitFor();
    // No waiting: settings are read on every request, and cached pages are keyed by them.
    expect(await (await fetchOn("b", "/")).text()).toContain("018 632 4242");
    expect(await (await fetchOn("b", "/contact")).text()).toContain("018 632 4242");
  });

  it("keeps a staff session made on one instance on the other", async () => {
    const staff = await browser.newPage({
      baseURL: proxy.url,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { [PIN_HEADER]: "a" },
    });
    await signInAsOwner(staff);
    await staff.context().setExtraHTTPHeaders({ [PIN_HEADER]: "b" });
    await staff.goto("/admin/orders");
    await staff.getByRole("heading", { name: "Orders", exact: true }).waitFor();
    expect(new URL(staff.url()).pathname).toBe("/admin/orders");
    expect(proxy.served).toContainEqual(
      expect.objectContaining({ instance: "b", path: "/admin/orders", status: 200 }),
    );
  });

  it("shows the inventory's cards within 2 seconds of a stock change made elsewhere", async () => {
    const staff = await browser.newPage({
      baseURL: proxy.url,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { [PIN_HEADER]: "b" },
    });
    await signInAsOwner(staff);
    const totalItems = async () => {
      await staff.goto("/admin/inventory");
      return Number((await staff.getByTestId("stat-total-items").textContent())!.replace(/,/g, ""));
    };
    // Worked out once and kept by this instance while the stock is unchanged.
    const before = await totalItems();
    expect(await totalItems()).toBe(before);
    // Received through the other instance, or by a script: this one did not see it happen.
    await database.query(
      `update stock_levels set on_hand = on_hand + 7 where (variant_id, warehouse_id) = (
         select l.variant_id, l.warehouse_id from stock_levels l
         join warehouses w on w.id = l.warehouse_id
         where w.active order by l.variant_id, l.warehouse_id limit 1)`,
    );
    const changed = Date.now();
    let after = before;
    while (Date.now() - changed < 2_000 && after === before) after = await totalItems();
    expect(after).toBe(before + 7);
  });

  it("counts a public form's submissions across both instances", async () => {
    const send = async (instance: string, n: number) => {
      const answer = await fetch(`${proxy.url}/contact`, {
        method: "POST",
        headers: { origin: proxy.url, [PIN_HEADER]: instance },
        redirect: "manual",
        body: new URLSearchParams({
          firstName: "Naledi",
          lastName: "Khumalo",
          email: "naledi@example.com",
          phone: "083 000 1111",
          subject: `Two machines ${n}`,
          message: `Message ${n}`,
        }),
      });
      await answer.arrayBuffer();
      expect(answer.headers.get("x-served-by")).toBe(instance);
      return answer.status;
    };
    // The limit counts in fixed 15-minute windows: one ending mid-test would start it again.
    await clearOfWindowEdge();
    const statuses: number[] = [];
    for (let n = 1; n <= FORM_RATE_LIMIT + 2; n++) statuses.push(await send(n % 2 ? "a" : "b", n));
    // Each instance took at most 3 of them: a count per process would have let them all in.
    expect(statuses.slice(0, FORM_RATE_LIMIT).every((status) => status < 400)).toBe(true);
    expect(statuses.slice(FORM_RATE_LIMIT)).toEqual([429, 429]);
  });

  it("cancels an unpaid order whose time has passed once, and releases its stock once", async () => {
    const email = "thandi.twomachines@example.co.za";
    const shopper = await browser.newPage({ baseURL: proxy.url });
    await checkoutWith(shopper, "storage-spring-bed", "queen");
    await fillDetails(shopper, email);
    await main(shopper)
      .getByLabel(/I agree to the/)
      .check();
    await completeOrder(shopper);
    await shopper.waitForURL("**/demo-gateway?**");
    // Both instances served the shopper: the order did not depend on which one answered.
    const instances = new Set(proxy.served.map((r) => r.instance));
    expect([...instances].sort()).toEqual(["a", "b"]);

    const [order] = await database.query<{ id: number }>("select id from orders where email = $1", [
      email,
    ]);
    const reserved = async () => {
      const [row] = await database.query<{ reserved: string }>(
        `select coalesce(sum(l.reserved), 0) as reserved from stock_levels l
         where l.variant_id in (select a.variant_id from order_allocations a
           join order_lines ol on ol.id = a.order_line_id where ol.order_id = $1)`,
        [order!.id],
      );
      return Number(row!.reserved);
    };
    const held = await reserved();
    expect(held).toBeGreaterThan(0);

    // Its time to pay has passed, and the expiry job is due now (not in up to a minute).
    await database.query("update orders set pay_by = now() - interval '1 minute' where id = $1", [
      order!.id,
    ]);
    const dueNow = () =>
      database.query("update job_leases set run_after = now() where name = 'expire unpaid orders'");
    await dueNow();
    await expect
      .poll(
        async () =>
          (
            await database.query<{ status: string }>("select status from orders where id = $1", [
              order!.id,
            ])
          )[0]!.status,
        { timeout: 30_000, interval: 500 },
      )
      .toBe("cancelled");
    const [lease] = await database.query<{ ran_by: string; run_after: Date }>(
      "select ran_by, run_after from job_leases where name = 'expire unpaid orders'",
    );
    const pids = [...shops.values()].map((shop) => String(shop.pid));
    expect(pids).toContain(lease!.ran_by.split(":").at(-1));

    // Due again at once: whichever instance claims the next run finds nothing more to do.
    await dueNow();
    await expect
      .poll(
        async () =>
          (
            await database.query<{ run_after: Date }>(
              "select run_after from job_leases where name = 'expire unpaid orders'",
            )
          )[0]!.run_after.getTime(),
        { timeout: 30_000, interval: 500 },
      )
      .toBeGreaterThan(Date.now() + 30_000);
    const events = await database.query<{ type: string }>(
      "select type from order_events where order_id = $1 and type = 'expired'",
      [order!.id],
    );
    expect(events).toHaveLength(1);
    const [after] = await database.query<{ stock_hold: string }>(
      "select stock_hold from orders where id = $1",
      [order!.id],
    );
    expect(after!.stock_hold).toBe("released");
    const [line] = await database.query<{ quantity: number }>(
      "select sum(quantity)::int as quantity from order_lines where order_id = $1",
      [order!.id],
    );
    expect(await reserved()).toBe(held - line!.quantity);
  });

  it("writes nothing to an instance's data folder but the demo's mail outbox", async () => {
    for (const dir of dataDirs.values()) {
      const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
      const files = entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
      expect(files.filter((file) => !file.startsWith(`outbox${path.sep}`))).toEqual([]);
    }
  });
});
