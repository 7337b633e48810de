import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { parseMessage } from "../../setup/smtp";
import { findingsInBothThemes } from "../axe";
import { useBrowser, waitForHydration } from "../browser";
import { signInAsOwner, toast } from "./admin-session";

/*
 * Reviews come from shoppers' invitations, which a journey cannot wait days for. So this journey
 * runs a shop of its own: it is seeded and stopped, three pending reviews are written into its
 * database, and it is started again on the same data.
 */

const browser = useBrowser();
const DESKTOP = { viewport: { width: 1366, height: 900 } };
const PRODUCT = "Edblo Classic Spring Bed";
const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", FORM_RATE_LIMIT: "50" });
let dataDir = "";
let shop: RunningShop | undefined;

/** Three pending reviews of the classic spring bed, the newest with a photo. */
async function writeReviews() {
  const client = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    extensions: { pg_trgm },
  });
  try {
    const reviews = [
      ["Lerato from Mahikeng", "lerato@example.com", 5, "Best sleep in years", "1 hour"],
      ["Sipho from Rustenburg", "sipho@example.com", 2, "Ring me on 082 555 0101", "2 days"],
      ["Anri from Potchefstroom", "anri@example.com", 4, "Firm and well made", "5 days"],
    ] as const;
    for (const [name, email, rating, title, ago] of reviews) {
      await client.query(
        `insert into reviews (product_id, email, rating, title, body, display_name, verified_buyer, created_at)
         select id, $1, $2, $3, $4, $5, true, now() - $6::interval
         from products where slug = 'classic-spring-bed'`,
        [email, rating, title, `${title}. Delivered on the day they said.`, name, ago],
      );
    }
    // The photo is a file the shop already stores (a product picture's smallest WebP).
    await client.query(
      `insert into review_photos (review_id, file, width, height, position)
       select r.id, i.media_key || '-320.webp', 320, 240, 0
       from reviews r, product_images i join products p on p.id = i.product_id
       where r.title = 'Best sleep in years' and p.slug = 'classic-spring-bed'
       limit 1`,
    );
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-reviews-"));
  const first = await startShop({ env: env(), seedIfEmpty: true });
  await first.stop();
  await writeReviews();
  shop = await startShop({ env: env(), seedIfEmpty: true });
}, 600_000);

afterAll(async () => {
  await shop?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const row = (page: Page, title: string) =>
  page.getByTestId("review-row").filter({ hasText: title });

/** The e-mails the journey's shop wrote to its outbox. */
async function outbox() {
  const dir = path.join(dataDir, "outbox");
  const files = (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(".eml")).sort();
  return Promise.all(
    files.map(async (f) => parseMessage(await fs.readFile(path.join(dir, f), "utf8"))),
  );
}

async function openReviews(page: Page) {
  await page
    .getByRole("link", { name: /^Reviews/ })
    .first()
    .click();
  await page.waitForURL(/\/admin\/reviews$/);
  await page.getByRole("heading", { name: "Reviews", exact: true }).waitFor();
  await waitForHydration(page);
}

describe("moderating reviews in the back office", () => {
  it("shows the pending reviews first, publishes one by keyboard, rejects one with a reason and replies", async () => {
    const page = await browser.newPage({ ...DESKTOP, baseURL: shop!.url });
    await signInAsOwner(page);
    // The sidebar says how many wait (the journey's three, and any the demo data has).
    const navLink = page.getByRole("link", { name: /^Reviews/ }).first();
    const waiting = async () =>
      Number((await navLink.textContent())?.match(/(\d+)\s*pending/)?.[1]);
    const waitingBefore = await waiting();
    expect(waitingBefore).toBeGreaterThanOrEqual(3);
    await openReviews(page);

    // The newest pending review leads; the pending ones come before any published one.
    const rows = page.getByTestId("review-row");
    await rows.first().waitFor();
    expect(await rows.first().textContent()).toContain("Best sleep in years");
    const statuses = await rows.evaluateAll((trs) =>
      trs.map((tr) => (/Pending/.test(tr.textContent ?? "") ? "pending" : "other")),
    );
    expect(statuses.slice(0, waitingBefore).every((s) => s === "pending")).toBe(true);
    const photo = rows.first().getByRole("img", { name: /^Photo 1 of 1 with Lerato/ });
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    const listFindings = await findingsInBothThemes(page, async (dark) => {
      await dark.goto("/admin/reviews");
      await waitForHydration(dark);
      await dark.getByTestId("review-row").first().waitFor();
    });
    expect(listFindings).toEqual([]);

    // Publish by keyboard: focus the button, press Enter.
    const publish = page.getByRole("button", {
      name: `Publish Lerato from Mahikeng's review of ${PRODUCT}`,
    });
    await publish.focus();
    await page.keyboard.press("Enter");
    await toast(page, "Review Published").waitFor();
    const best = row(page, "Best sleep in years");
    await expect.poll(() => best.textContent()).toMatch(/Published/);

    // Reject: the reason is required, checked by the field before anything is sent.
    await page
      .getByRole("button", { name: `Reject Sipho from Rustenburg's review of ${PRODUCT}` })
      .click();
    const reject = page.getByRole("dialog", { name: "Reject Review" });
    await reject.waitFor();
    await reject.getByRole("button", { name: "Reject Review" }).click();
    await reject.getByText("Say why the review is rejected: its writer is told.").waitFor();
    expect(await reject.getByLabel("Reason").getAttribute("aria-invalid")).toBe("true");
    const dialogFindings = await findingsInBothThemes(page, async (dark) => {
      await dark.goto("/admin/reviews");
      await waitForHydration(dark);
      await dark
        .getByRole("button", { name: `Reject Sipho from Rustenburg's review of ${PRODUCT}` })
        .click();
      await dark.getByRole("dialog", { name: "Reject Review" }).waitFor();
    });
    expect(dialogFindings).toEqual([]);
    await reject.getByLabel("Reason").fill("Reviews may not carry phone numbers.");
    await page.keyboard.press("Tab");
    await reject.getByRole("button", { name: "Reject Review" }).click();
    await toast(page, "Review Rejected").waitFor();
    await reject.waitFor({ state: "hidden" });
    const sipho = row(page, "Ring me on");
    await expect
      .poll(() => sipho.textContent())
      .toContain("Reason: Reviews may not carry phone numbers.");
    await expect
      .poll(async () => (await outbox()).filter((m) => m.to.includes("sipho@example.com")).length)
      .toBe(1);
    const [mail] = (await outbox()).filter((m) => m.to.includes("sipho@example.com"));
    expect(mail!.subject).toBe(`Your review of ${PRODUCT}`);
    expect(mail!.text.replace(/=\r?\n/g, "")).toContain("Reviews may not carry phone numbers.");

    // Reply to the published one, by keyboard from the button.
    const replyButton = page.getByRole("button", {
      name: `Reply to Lerato from Mahikeng's review of ${PRODUCT}`,
    });
    await replyButton.focus();
    await page.keyboard.press("Enter");
    const reply = page.getByRole("dialog", { name: "Reply to Review" });
    await reply.waitFor();
    await reply.getByLabel("Reply").fill("Thank you, Lerato: sleep well!");
    await reply.getByRole("button", { name: "Save Reply" }).click();
    await toast(page, "Reply Saved").waitFor();
    await reply.waitFor({ state: "hidden" });
    await expect.poll(() => best.textContent()).toContain("Thank you, Lerato: sleep well!");

    // The owner features the published review on the home page.
    await page
      .getByRole("button", { name: `Feature Lerato from Mahikeng's review of ${PRODUCT}` })
      .click();
    await toast(page, "Review Featured").waitFor();
    await expect.poll(() => best.textContent()).toContain("Featured");

    // Two fewer wait; the pending filter finds the third and not the two moderated.
    await expect.poll(waiting).toBe(waitingBefore - 2);
    await page.getByLabel("Status").selectOption("pending");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/status=pending/);
    await page.getByRole("heading", { name: `Reviews (${waitingBefore - 2})` }).waitFor();
    await row(page, "Firm and well made").waitFor();
    expect(await row(page, "Best sleep in years").count()).toBe(0);
    expect(await row(page, "Ring me on").count()).toBe(0);
  });
});
