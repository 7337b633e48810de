// @database-once: builds messages from sample data and checks routes, run on PGlite only.
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { storeSettings } from "~/db/schema";
import { MAIL_PREVIEWS } from "~/domain/settings/mail-preview-list";
import { previewMail } from "~/domain/settings/mail-previews.server";
import { formatMoney } from "~/lib/money";
import { siteUrl } from "~/lib/site-url.server";
import * as previewPage from "~/routes/admin/settings-mail-preview";
import { insertStoreSettings } from "../../factories";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
  type RouteHandler,
} from "../admin/helpers";

useTestDatabase();

const cookies = {} as Record<"customer" | "staff" | "owner", string>;
beforeAll(async () => {
  await insertStoreSettings();
  for (const role of ["customer", "staff", "owner"] as const) {
    cookies[role] = (await signedIn(role)).cookie;
  }
});

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));

/** What each preview must show beyond the checks every message passes. */
const EXPECT: Partial<Record<string, { contains: string[]; attachment?: RegExp }>> = {
  "order-confirmation": {
    contains: ["1042", formatMoney(984_800, { cents: true }), "is confirmed", "Delivery day"],
    attachment: /Tax invoice INV-0042/,
  },
  "pay-reminder": { contains: ["1042", "See your order and pay", "Delivery day"] },
  "quoted-order-confirmation": { contains: ["we quote its delivery ourselves"] },
  "layby-confirmation": { contains: ["Lay-by over 3 months", "Deposit"] },
  "payment-receipt": { contains: ["1042"], attachment: /Tax invoice INV-0042/ },
  refund: { contains: [formatMoney(59_900, { cents: true })], attachment: /Credit note/ },
  "delivery-quote": { contains: [formatMoney(85_000, { cents: true })] },
  "delivery-delivered": { contains: ["Received by Naledi Mokoena"] },
  "purchase-order": { contains: ["PO-0015"], attachment: /Purchase order PO-0015/ },
  "weekly-report": { contains: ["Sales"] },
};

describe("Settings > Notifications: e-mail previews", () => {
  it.each(MAIL_PREVIEWS.map((p) => [p.key]))(
    "%s: both parts, signed, links on the public address, nothing missing",
    async (key) => {
      const [settings] = await db().select().from(storeSettings);
      const mail = await previewMail(key as never, {
        settings: settings!,
        siteUrl: siteUrl(),
        now: new Date("2026-11-25T08:00:00Z"),
      });
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toContain("<html");
      expect(mail.html).toContain(settings!.storeName);
      expect(mail.text).toContain(`\n--\n${settings!.storeName}`);
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part).not.toMatch(/\bundefined\b|\bNaN\b|\[object Object\]/);
      }
      const links = hrefs(mail.html);
      expect(links.length).toBeGreaterThan(0);
      for (const href of links) expect(href.startsWith(`${siteUrl()}/`), href).toBe(true);
      const want = EXPECT[key];
      for (const words of want?.contains ?? []) {
        expect(mail.text).toContain(words);
        expect(mail.html).toContain(words.replace(/&/g, "&amp;"));
      }
      if (want?.attachment) expect(mail.attachments.join(" ")).toMatch(want.attachment);
    },
  );

  const open = (kind: string, cookie?: string) =>
    routeOutcome(
      previewPage.loader as RouteHandler,
      shopRequest(`/admin/settings/notifications/preview/${kind}`, { cookie }),
      { kind },
    );

  it("shows staff and the owner a message; sends the signed out to sign in, refuses customers", async () => {
    const signedOut = await open("order-confirmation");
    expect((signedOut.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    expect(statusOf((await open("order-confirmation", cookies.customer)).thrown)).toBe(403);
    for (const role of ["staff", "owner"] as const) {
      const page = await open("refund", cookies[role]);
      expect(page.returned).toMatchObject({
        label: "Refund paid",
        mail: { subject: expect.stringContaining("Refund of"), attachments: [expect.any(String)] },
      });
    }
  });

  it("answers 404 for a message the shop does not send", async () => {
    for (const kind of ["nothing", "..%2Fsecrets", "ORDER-CONFIRMATION"]) {
      expect(statusOf((await open(kind, cookies.owner)).thrown)).toBe(404);
    }
  });
});
