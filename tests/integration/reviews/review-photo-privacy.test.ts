import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { reviewPhotos } from "~/db/schema";
import { publishReview, rejectReview } from "~/domain/reviews/moderate-review.server";
import { MEDIA_GATES } from "~/domain/reviews/shown-photos.server";
import { writeReviewByLink } from "~/domain/reviews/write-review.server";
import { folderMediaStore } from "~/lib/media-store-folder.server";
import * as reviewPhoto from "~/routes/admin/review-photo";
import { mediaRoute } from "../../../server/media-route";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { routeOutcome, shopRequest, signedIn, statusOf } from "../admin/helpers";
import { setUpShop } from "../orders/fixtures";
import {
  completedOrder,
  jpegWithGps,
  photoFile,
  runInvitationsAfter,
  writeTokensIn,
} from "./write-fixtures";

/*
 * A review's photos are shown at /media only while the review is published: not while it waits
 * for staff's check, and not once it is rejected. Staff see them in any state through
 * /admin/reviews/photos/:id.
 */

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;
let media: { url: string; close: () => void };
const store = () => folderMediaStore(path.join(dataDir, "media"));

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "review-photo-privacy-"));
  process.env.DATA_DIR = dataDir;
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  // /media as the shop serves it, with the shop's gates.
  const app = express();
  app.use("/media", mediaRoute(store(), MEDIA_GATES));
  app.use((_req, res) => void res.status(404).send("Page not found"));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  media = { url: `http://127.0.0.1:${port}/media`, close: () => server.close() };
});
afterAll(async () => {
  media?.close();
  delete process.env.DATA_DIR;
  delete process.env.SMTP_URL;
  await smtp.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A review written by its link with one photo; its id and the photo's row. */
async function reviewWithPhoto() {
  const made = await completedOrder(shop);
  await runInvitationsAfter(8);
  const subject = new RegExp(`rder ${made.order.number}\\??$`);
  const mail = smtp.received.find((m) => subject.test(m.subject));
  const [token] = writeTokensIn(mail!.text);
  const { reviewId } = await writeReviewByLink({
    token: token!,
    input: { rating: 5, title: "Firm", body: "Sleeps well.", displayName: "Naledi" },
    photos: [photoFile(await jpegWithGps(320, 240))],
    store: store(),
  });
  const [photo] = await db().select().from(reviewPhotos).where(eq(reviewPhotos.reviewId, reviewId));
  return { reviewId, photo: photo! };
}

const fetchMedia = (file: string, method = "GET") => fetch(`${media.url}/${file}`, { method });

describe("a review's photo at /media", () => {
  it("is shown only while its review is published, and kept by caches for an hour at most", async () => {
    const { reviewId, photo } = await reviewWithPhoto();
    const staff = (await signedIn("staff")).user;
    // Waiting for staff's check: a name with no file, whichever way it is asked for.
    for (const method of ["GET", "HEAD"])
      expect((await fetchMedia(photo.file, method)).status).toBe(404);
    expect((await fetchMedia(photo.file.toUpperCase())).status).toBe(404);
    expect((await fetchMedia(`products/../${photo.file}`)).status).toBe(404);

    await publishReview({ id: reviewId, actor: staff });
    const shown = await fetchMedia(photo.file);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-type")).toBe("image/webp");
    expect(shown.headers.get("cache-control")).toBe("public, max-age=3600");

    await rejectReview({ id: reviewId, reason: "A face in the photo.", actor: staff });
    expect((await fetchMedia(photo.file)).status).toBe(404);
  });
});

describe("/admin/reviews/photos/:id", () => {
  it("shows staff and the owner a photo in any state; a shopper or a visitor never", async () => {
    const { photo } = await reviewWithPhoto();
    const ask = (cookie?: string, id = String(photo.id)) =>
      routeOutcome(reviewPhoto.loader, shopRequest(`/admin/reviews/photos/${id}`, { cookie }), {
        id,
      });
    const signedOut = await ask();
    expect(statusOf(signedOut.thrown)).toBe(302);
    const customer = await ask((await signedIn("customer")).cookie);
    expect(statusOf(customer.thrown ?? customer.returned)).toBeGreaterThanOrEqual(300);
    expect(customer.returned).not.toBeInstanceOf(Response);
    for (const role of ["staff", "owner"] as const) {
      const { cookie } = await signedIn(role);
      const { returned } = await ask(cookie);
      const answer = returned as Response;
      expect(answer.status).toBe(200);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      // A photo we do not hold, or no number at all, is a 404.
      for (const id of ["999999", "x"]) {
        const missing = await ask(cookie, id);
        expect(statusOf(missing.thrown)).toBe(404);
      }
    }
  });
});
