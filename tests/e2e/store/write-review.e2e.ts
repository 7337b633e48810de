import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type RunningShop } from "../../../scripts/shop-process";
import { parseMessage, type ReceivedMail } from "../../setup/smtp";
import { findingsInBothThemes } from "../axe";
import { main, PHONE, useBrowser, waitForHydration } from "../browser";
import { expectFocused, tabTo } from "../keyboard";
import { placePaidOrder } from "../shopper";
import { signInAsOwner, toast } from "../admin/admin-session";

/*
 * An invitation is due days after an order is delivered. So this journey runs a shop of its
 * own: a shopper buys a bed there, the shop is stopped, the order is marked delivered and its
 * invitation and the job's next run made due in its database, and the shop is started again;
 * its job e-mails the invitation, whose link the shopper follows.
 */

const browser = useBrowser();
const EMAIL = "review.writer@example.com";
const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", FORM_RATE_LIMIT: "50" });
let dataDir = "";
let shop: RunningShop | undefined;
let orderNumber = 0;

async function completeWithInvitationDue(number: number) {
  const client = await PGlite.create({
    dataDir: path.join(dataDir, "pglite"),
    extensions: { pg_trgm },
  });
  try {
    await client.query(`update orders set status = 'delivered' where number = $1`, [number]);
    await client.query(
      `insert into review_invitations (order_id, due_at)
       select id, now() - interval '1 minute' from orders where number = $1
       on conflict (order_id) do update set due_at = excluded.due_at`,
      [number],
    );
    // The first start ran the job and leased its next run 15 minutes on: due at the restart.
    await client.query(
      `update job_leases set run_after = now() where name = 'send review invitations'`,
    );
  } finally {
    await client.close();
  }
}

async function invitationMail(): Promise<ReceivedMail> {
  const dir = path.join(dataDir, "outbox");
  for (let i = 0; i < 120; i++) {
    const files = (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(".eml"));
    for (const file of files) {
      const mail = parseMessage(await fs.readFile(path.join(dir, file), "utf8"));
      if (mail.to.includes(EMAIL) && mail.subject.startsWith("How ")) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The review invitation was not sent.");
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-review-"));
  const first = await startShop({ env: env(), seedIfEmpty: true });
  try {
    const shopper = await browser.newPage({ baseURL: first.url });
    orderNumber = await placePaidOrder(shopper, "classic-spring-bed", "queen", EMAIL);
    await shopper.context().close();
  } finally {
    await first.stop();
  }
  await completeWithInvitationDue(orderNumber);
  shop = await startShop({ env: env(), seedIfEmpty: true });
}, 600_000);

afterAll(async () => {
  await shop?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe("writing a review from the invitation", () => {
  it("opens the e-mailed link, writes a review with a photo by keyboard, and the link is then used", async () => {
    const mail = await invitationMail();
    const link = mail.text
      .replace(/=\r?\n/g, "")
      .match(/https?:\/\/\S+\/reviews\/write\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).origin).toBe(new URL(shop!.url).origin);
    const address = new URL(link!).pathname;

    const page = await browser.newPage({ ...PHONE, baseURL: shop!.url });
    await page.goto(address);
    await waitForHydration(page);
    await main(page).getByRole("heading", { name: "Write a review" }).waitFor();
    await main(page).getByText("Classic Spring Bed").first().waitFor();
    expect(
      await findingsInBothThemes(page, async (dark) => {
        await dark.goto(address);
        await waitForHydration(dark);
        await main(dark).getByRole("heading", { name: "Write a review" }).waitFor();
      }),
    ).toEqual([]);

    // Sent without stars: the message is at the rating, which takes the focus; the name offered
    // is kept.
    const form = main(page);
    await tabTo(page, form.getByRole("button", { name: "Send my review" }));
    await page.keyboard.press("Enter");
    await form.locator("#field-rating-error").getByText("Choose from 1 to 5 stars.").waitFor();
    expect(await form.getByLabel(/Name to show/).inputValue()).not.toBe("");
    const five = form.getByRole("radio", { name: "5 stars: Excellent" });
    await page.waitForFunction(() => (document.activeElement as HTMLInputElement)?.value === "5");
    await expectFocused(five);
    expect(
      await findingsInBothThemes(page, async (dark) => {
        await dark.goto(address);
        await waitForHydration(dark);
        await main(dark).getByRole("button", { name: "Send my review" }).click();
        await main(dark).locator("#field-rating-error").waitFor();
      }),
    ).toEqual([]);

    // Stars by the keyboard (focus back where the page had put it, after the dark page): the
    // arrows choose within the group.
    await five.focus();
    await page.keyboard.press("ArrowDown");
    expect(await form.getByRole("radio", { name: "4 stars: Very good" }).isChecked()).toBe(true);
    await tabTo(page, form.getByLabel("Title"));
    await page.keyboard.type("Slept well from the first night");
    await tabTo(page, form.getByLabel("Your review", { exact: true }));
    await page.keyboard.type("Firm, cool, and delivered on the day we chose.");
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#7a5c3e" },
    })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "25/1 51/1 0/1" } })
      .toBuffer();
    // Waited for before the focus moves there: the browser is told to hand the chooser over
    // when the first listener is added, and that message must arrive before Space opens it.
    const chooser = page.waitForEvent("filechooser");
    await tabTo(page, form.getByLabel(/^Photos/));
    await page.keyboard.press("Space");
    await (await chooser).setFiles({ name: "bed.jpg", mimeType: "image/jpeg", buffer: photo });
    await tabTo(page, form.getByRole("button", { name: "Send my review" }));
    await page.keyboard.press("Enter");
    await main(page).getByText("Your review is waiting for our check before it shows.").waitFor();
    expect(
      await findingsInBothThemes(page, async (dark) => {
        await dark.goto(address);
        await waitForHydration(dark);
        await main(dark)
          .getByText(/This link has written its review already/)
          .waitFor();
      }),
    ).toEqual([]);

    // The link has written its review: opened again, it says so.
    await page.goto(address);
    await main(page)
      .getByText(/This link has written its review already/)
      .waitFor();

    // Pending, it shows nowhere on the product's page.
    const product = await browser.newPage({ baseURL: shop!.url });
    await product.goto("/products/classic-spring-bed#reviews");
    await waitForHydration(product);
    await main(product).getByRole("heading", { name: "Reviews" }).waitFor();
    expect(await main(product).textContent()).not.toContain("Slept well from the first night");

    // Staff publish it from the Reviews section, by keyboard.
    const admin = await browser.newPage({
      baseURL: shop!.url,
      viewport: { width: 1280, height: 900 },
    });
    await signInAsOwner(admin);
    await admin.goto("/admin/reviews?q=Classic+Spring");
    await waitForHydration(admin);
    const publish = main(admin).getByRole("button", { name: /^Publish .*Classic Spring Bed/ });
    await publish.waitFor();
    await tabTo(admin, publish);
    await admin.keyboard.press("Enter");
    await toast(admin, "Review Published").waitFor();

    // The product's page shows it at once: its words, its photo, "Verified buyer", its stars.
    await product.reload();
    await waitForHydration(product);
    const review = main(product).getByRole("article").filter({
      hasText: "Slept well from the first night",
    });
    await review.waitFor();
    expect(await review.textContent()).toContain("Verified buyer");
    expect(await review.getByRole("img").count()).toBeGreaterThan(0);
    expect(await main(product).textContent()).toContain("Based on 1 review");
    const jsonLd = await product.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join(" ")).toContain('"AggregateRating"');
    expect(
      await findingsInBothThemes(product, async (dark) => {
        await dark.goto("/products/classic-spring-bed#reviews");
        await waitForHydration(dark);
        await main(dark).getByText("Slept well from the first night").waitFor();
      }),
    ).toEqual([]);
  }, 240_000);
});
