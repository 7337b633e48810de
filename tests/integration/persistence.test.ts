import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, setDatabase } from "~/db/client.server";
import { subscribeToNewsletter } from "~/domain/leads/newsletter.server";
import { sendContactMessage } from "~/domain/leads/send-contact-message.server";
import { submitConsultation } from "~/domain/leads/submit-consultation.server";
import { db } from "~/db/client.server";
import { consultationRequests, contactMessages, newsletterSubscribers } from "~/db/schema";
import { insertStoreSettings } from "../factories";

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "bed-shop-persist-"));
afterAll(async () => {
  setDatabase(undefined);
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the embedded database", () => {
  it("keeps the three enquiries across a restart and mails them to the outbox", async () => {
    process.env.DATA_DIR = dataDir;
    const first = await openDatabase({ dataDir });
    await first.migrate();
    setDatabase(first);
    await insertStoreSettings();
    await submitConsultation({
      name: "Restart Test",
      email: "restart@example.com",
      phone: "018 555 0000",
      consultationType: "purchase",
      message: "",
    });
    await sendContactMessage({
      input: {
        firstName: "Restart",
        lastName: "Test",
        email: "restart@example.com",
        phone: "",
        subject: "Still there?",
        message: "After a restart",
      },
    });
    await subscribeToNewsletter({ email: "restart@example.com", siteUrl: "http://shop.test" });
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    setDatabase(second);
    expect(await db().$count(consultationRequests)).toBe(1);
    expect(await db().$count(contactMessages)).toBe(1);
    expect(await db().$count(newsletterSubscribers)).toBe(1);
    await second.close();

    const outbox = await fs.readdir(path.join(dataDir, "outbox"));
    // The consultation's two, the contact message's one (no copy to an address only typed),
    // the newsletter's confirmation.
    expect(outbox.filter((f) => f.endsWith(".eml")).length).toBe(4);
  });

  it("refuses a second process on the same data folder with a clear message", async () => {
    const holder = await openDatabase({ dataDir });
    try {
      // A lock file held by another live process (our parent stands in for it).
      await holder.close();
      await fs.writeFile(path.join(dataDir, "bed-shop.lock"), String(process.ppid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(/is in use by process/);
    } finally {
      await fs.rm(path.join(dataDir, "bed-shop.lock"), { force: true });
    }
  });
});
