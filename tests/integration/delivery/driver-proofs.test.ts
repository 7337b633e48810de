import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  auditLog,
  deliveryBookings,
  deliveryProofs,
  deliveryRunStops,
  orderEvents,
  orders,
  users,
} from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { driverRuns } from "~/domain/delivery/driver-runs.server";
import { listOrdersToBook } from "~/domain/delivery/orders-to-book.server";
import { getRunSheet, runSheetPrint } from "~/domain/delivery/run-sheet.server";
import { TO_BOOK_LIST } from "~/domain/delivery/to-book-list";
import { readListParams } from "~/lib/list-params";
import { recordDelivered, recordNotDelivered } from "~/domain/delivery/record-delivery.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { startDeliveryRun } from "~/domain/delivery/start-delivery-run.server";
import {
  PROOF_SWEEP_AGE_MS,
  sweepUnreferencedProofImages,
} from "~/domain/delivery/sweep-proof-images.server";
import {
  moveOrderDeliveryByShopper,
  shopperDeliveryView,
} from "~/domain/delivery/shopper-delivery.server";
import type { DomainError } from "~/domain/errors";
import { folderMediaStore } from "~/lib/media-store-folder.server";
import type { MediaStore } from "~/lib/media-store.server";
import { useTestDatabase } from "../../setup/database";
import { startSmtpServer } from "../../setup/smtp";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";
import { dayRow, zone } from "./fixtures";

useTestDatabase();

/** Booked on Monday 23 November 2026 for Thursday 26th; the run is driven on the 26th. */
const monday = new Date("2026-11-23T08:00:00Z");
const DAY = "2026-11-26";
const onTheDay = new Date("2026-11-26T07:30:00Z");
const driver: SessionUser = {
  id: "proof-driver",
  email: "kagiso@test-beds.example",
  name: "Kagiso Driver",
  role: "staff",
};
const customer: SessionUser = { ...driver, id: "proof-customer", role: "customer" };

let shop: Awaited<ReturnType<typeof setUpShop>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let zoneId: number;
const mediaDir = await fs.mkdtemp(path.join(os.tmpdir(), "driver-proofs-"));
const store = folderMediaStore(mediaDir);

beforeAll(async () => {
  smtp = await startSmtpServer();
  process.env.SMTP_URL = smtp.url;
  shop = await setUpShop();
  await db()
    .insert(users)
    .values([
      { id: driver.id, name: driver.name, email: driver.email, role: "staff" },
      { id: customer.id, name: "A Shopper", email: "shopper@example.com", role: "customer" },
    ]);
  zoneId = (await zone({ dropsPerDay: 20 })).id;
});
beforeEach(() => {
  process.env.SMTP_URL = smtp.url;
  smtp.received.length = 0;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp.close();
  await fs.rm(mediaDir, { recursive: true, force: true });
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: unknown) => error as DomainError,
  );

/** A paid order booked for DAY on a new run of its own; its number, id and run. */
async function onRun(overrides?: Parameters<typeof paidOrder>[1]["overrides"]) {
  const { order } = await paidOrder(shop, { priceCents: 250_000, overrides });
  await bookOrderDelivery({
    orderNumber: order.number,
    day: DAY,
    mode: "book",
    actor: driver,
    now: monday,
  });
  const run = await createDeliveryRun({
    day: DAY,
    driverId: driver.id,
    truck: `T ${order.number}`,
    actor: driver,
    now: monday,
  });
  await addRunStop({ runId: run.id, orderNumber: order.number, actor: driver });
  // The booking's own e-mail is not what these tests read.
  smtp.received.length = 0;
  return { number: order.number, id: order.id, runId: run.id };
}

const statusOf = async (orderId: number) =>
  (await db().select({ s: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]!.s;
const mailsTo = (orderNumber: number) =>
  smtp.received.filter((m) => m.subject.endsWith(`order ${orderNumber}`));

/** A signature as a phone draws it: dark strokes on a clear PNG. */
const drawn = async () =>
  `data:image/png;base64,${(
    await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 220 180, 580 60" stroke="#111" stroke-width="4" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer()
  ).toString("base64")}`;

/** The drawn signature with a text chunk after its header and an HTML page after its end. */
const laden = async () => {
  const png = Buffer.from((await drawn()).slice("data:image/png;base64,".length), "base64");
  const text = Buffer.from("Comment\0<script>alert('proof')</script>", "latin1");
  const type = Buffer.from("tEXt", "latin1");
  const chunk = Buffer.alloc(12 + text.length);
  chunk.writeUInt32BE(text.length, 0);
  type.copy(chunk, 4);
  text.copy(chunk, 8);
  chunk.writeUInt32BE(zlib.crc32(Buffer.concat([type, text])), 8 + text.length);
  // The 8-byte signature and the 25-byte IHDR chunk, then ours.
  const sent = Buffer.concat([
    png.subarray(0, 33),
    chunk,
    png.subarray(33),
    Buffer.from("<html><body>not a signature</body></html>"),
  ]);
  return `data:image/png;base64,${sent.toString("base64")}`;
};

const delivered = async (
  number: number,
  extra: Partial<Parameters<typeof recordDelivered>[0]> = {},
) =>
  recordDelivered({
    orderNumber: number,
    proofKey: crypto.randomUUID(),
    recipientName: "Lerato Mokoena",
    signature: await drawn(),
    signedOnPaper: false,
    actor: driver,
    now: onTheDay,
    store,
    ...extra,
  });

describe("the driver's run", () => {
  it("Start run sends each stop out for delivery, moves its order out for delivery and e-mails the shopper once", async () => {
    const stop = await onRun();
    expect(await statusOf(stop.id)).toBe("to_deliver");
    const started = await startDeliveryRun({ runId: stop.runId, actor: driver, now: onTheDay });
    expect(started).toMatchObject({ out: 1, held: 0 });
    expect(await statusOf(stop.id)).toBe("out_for_delivery");
    expect(mailsTo(stop.number).map((m) => m.subject)).toEqual([
      `Out for delivery today: order ${stop.number}`,
    ]);
    const again = await startDeliveryRun({ runId: stop.runId, actor: driver, now: onTheDay });
    expect(again.out).toBe(0);
    expect(mailsTo(stop.number)).toHaveLength(1);
    const [run] = (await driverRuns({ day: DAY, driverId: driver.id })).filter(
      (r) => r.id === stop.runId,
    );
    expect(run!.stops[0]).toMatchObject({ state: "out_for_delivery", name: expect.any(String) });
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, stop.id));
    expect(events.map((e) => e.type)).toContain("out_for_delivery");
  });

  it("lists at each stop the add-ons to do and what to collect, worded as on the run sheet", async () => {
    const withAddOns = await onRun({ addOns: { removal: true, assembly: true } });
    const without = await onRun();
    const runs = await driverRuns({ day: DAY, driverId: driver.id });
    const stopOn = (runId: number) => runs.find((r) => r.id === runId)!.stops[0]!;
    const stop = stopOn(withAddOns.runId);
    expect(stop.addOns).toEqual(["Take away old mattress", "Assemble"]);
    expect(stop.toCollect).toMatch(/\(paid\)$/);
    // The printed sheet's stop: its goods, then the same add-ons; the same amount to collect.
    const [row] = runSheetPrint(await getRunSheet({ runId: withAddOns.runId })).rows;
    expect(row![1]!.split("\n")).toEqual([...stop.items, ...stop.addOns]);
    expect(row![2]).toBe(stop.toCollect);
    expect(stopOn(without.runId).addOns).toEqual([]);
  });

  it("is started only on its day", async () => {
    const stop = await onRun();
    const early = await refusal(
      startDeliveryRun({ runId: stop.runId, actor: driver, now: monday }),
    );
    expect(early.kind).toBe("conflict");
  });
});

describe("a stop delivered", () => {
  it("stores the signature written again from its pixels, nothing sent with it kept", async () => {
    const stop = await onRun();
    await delivered(stop.number, { signature: await laden() });
    const [proof] = await db()
      .select()
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, stop.id));
    const stored = await fs.readFile(path.join(mediaDir, proof!.signatureFile!));
    expect(await sharp(stored).metadata()).toMatchObject({
      format: "png",
      width: 600,
      height: 200,
    });
    const asText = stored.toString("latin1");
    expect(asText).not.toContain("tEXt");
    expect(asText).not.toContain("<script>");
    expect(asText).not.toContain("<html>");
    // The file ends where a PNG ends: at its IEND chunk.
    expect(stored.subarray(-8, -4).toString("latin1")).toBe("IEND");
  });

  it("records who received it, the signature and a photo, completes the order and e-mails who signed", async () => {
    const stop = await onRun();
    const photo = new Blob([
      await sharp({ create: { width: 2000, height: 1500, channels: 3, background: "#8a6" } })
        .jpeg()
        .toBuffer(),
    ]);
    const recorded = await delivered(stop.number, { photo });
    expect(recorded.repeated).toBe(false);
    expect(await statusOf(stop.id)).toBe("delivered");
    const [proof] = await db()
      .select()
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, stop.id));
    expect(proof).toMatchObject({
      outcome: "delivered",
      recipientName: "Lerato Mokoena",
      runId: stop.runId,
    });
    expect(proof!.signatureFile).toMatch(/^proofs\/[0-9a-f-]{36}\.png$/);
    const webp = await sharp(await fs.readFile(path.join(mediaDir, proof!.photoFile!))).metadata();
    expect(webp).toMatchObject({ format: "webp", width: 1280 });
    const [mail, ...more] = mailsTo(stop.number);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Delivered: order ${stop.number}`);
    expect(mail!.text.replace(/=\r?\n/g, "")).toContain(
      "Received by Lerato Mokoena, who signed on the driver's phone.",
    );
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, stop.id));
    expect(events.map((e) => e.message)).toContainEqual(
      expect.stringContaining("Delivered: received by Lerato Mokoena"),
    );
    const audit = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "delivery_delivered"),
          eq(auditLog.subject, `order:${stop.number}`),
        ),
      );
    expect(audit).toHaveLength(1);
    const [run] = (await driverRuns({ day: DAY, driverId: driver.id })).filter(
      (r) => r.id === stop.runId,
    );
    expect(run!.stops[0]!.state).toBe("delivered");
  });

  it("sent twice with one proof key is recorded once and mailed once", async () => {
    const stop = await onRun();
    const proofKey = crypto.randomUUID();
    const first = await delivered(stop.number, { proofKey });
    const second = await delivered(stop.number, { proofKey });
    expect(second).toMatchObject({ repeated: true, proof: { id: first.proof.id } });
    const both = await Promise.all([
      delivered(stop.number, { proofKey }),
      delivered(stop.number, { proofKey }),
    ]);
    expect(both.every((r) => r.repeated)).toBe(true);
    expect(
      await db().select().from(deliveryProofs).where(eq(deliveryProofs.orderId, stop.id)),
    ).toHaveLength(1);
    expect(mailsTo(stop.number)).toHaveLength(1);
  });

  it("takes 'signed on the paper run sheet' instead of a drawing", async () => {
    const stop = await onRun();
    await delivered(stop.number, { signature: "", signedOnPaper: true });
    const [proof] = await db()
      .select()
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, stop.id));
    expect(proof).toMatchObject({ signedOnPaper: true, signatureFile: null });
    expect(mailsTo(stop.number)[0]!.text.replace(/=\r?\n/g, "")).toContain(
      "who signed the driver's run sheet",
    );
  });

  it.each<[string, () => Promise<string>, RegExp]>([
    [
      "a blank pad",
      async () =>
        `data:image/png;base64,${(
          await sharp({
            create: {
              width: 600,
              height: 200,
              channels: 4,
              background: { r: 0, g: 0, b: 0, alpha: 0 },
            },
          })
            .png()
            .toBuffer()
        ).toString("base64")}`,
      /blank/,
    ],
    [
      "an oversized drawing",
      async () =>
        `data:image/png;base64,${(
          await sharp(crypto.randomBytes(400 * 400 * 3), {
            raw: { width: 400, height: 400, channels: 3 },
          })
            .png()
            .toBuffer()
        ).toString("base64")}`,
      /too large/,
    ],
    [
      "a JPEG called a PNG",
      async () =>
        `data:image/png;base64,${(
          await sharp({ create: { width: 60, height: 20, channels: 3, background: "#000" } })
            .jpeg()
            .toBuffer()
        ).toString("base64")}`,
      /must be a PNG/,
    ],
    ["not a data URL", async () => "https://example.com/sig.png", /must be a PNG/],
  ])("refuses %s at the signature field, changing nothing", async (_, signature, message) => {
    const stop = await onRun();
    const error = await refusal(delivered(stop.number, { signature: await signature() }));
    expect(error).toMatchObject({ kind: "invalid", field: "signature" });
    expect(error.message).toMatch(message);
    expect(await statusOf(stop.id)).not.toBe("delivered");
    expect(
      await db().select().from(deliveryProofs).where(eq(deliveryProofs.orderId, stop.id)),
    ).toEqual([]);
  });

  it("refuses a photo over 10 MB at the photo field", async () => {
    const stop = await onRun();
    const error = await refusal(
      delivered(stop.number, { photo: new Blob([new Uint8Array(10 * 1024 * 1024 + 1)]) }),
    );
    expect(error).toMatchObject({ kind: "invalid", field: "photo" });
  });
});

describe("a stop not delivered", () => {
  it("releases the day's drop, leaves the run, puts the order back in To book and e-mails a link to choose a new day", async () => {
    const stop = await onRun();
    const before = (await dayRow(zoneId, DAY)).booked;
    const recorded = await recordNotDelivered({
      orderNumber: stop.number,
      proofKey: crypto.randomUUID(),
      reason: "nobody_home",
      note: "Neighbour says back at 5",
      actor: driver,
      now: onTheDay,
    });
    expect(recorded.proof).toMatchObject({ outcome: "not_delivered", reason: "nobody_home" });
    expect((await dayRow(zoneId, DAY)).booked).toBe(before - 1);
    expect(
      await db().select().from(deliveryBookings).where(eq(deliveryBookings.orderId, stop.id)),
    ).toEqual([]);
    expect(
      await db().select().from(deliveryRunStops).where(eq(deliveryRunStops.runId, stop.runId)),
    ).toEqual([]);
    const toBook = await listOrdersToBook({
      params: readListParams(TO_BOOK_LIST, new URLSearchParams({ q: String(stop.number) })),
    });
    expect(toBook.rows.map((r) => r.orderNumber)).toContain(stop.number);
    const [mail] = mailsTo(stop.number);
    expect(mail!.subject).toBe(`We could not deliver: order ${stop.number}`);
    const text = mail!.text.replace(/=\r?\n/g, "");
    expect(text).toContain("nobody home");
    expect(text).toMatch(new RegExp(`/orders/${stop.number}\\?token=`));
    const [run] = (await driverRuns({ day: DAY, driverId: driver.id })).filter(
      (r) => r.id === stop.runId,
    );
    expect(run!.stops.map((s) => s.state)).toEqual(["not_delivered"]);
  });

  it("lets the shopper choose a new day on the order's page, which books it", async () => {
    const stop = await onRun();
    await recordNotDelivered({
      orderNumber: stop.number,
      proofKey: crypto.randomUUID(),
      reason: "access_problem",
      note: "",
      actor: driver,
      now: onTheDay,
    });
    const view = await shopperDeliveryView({ id: stop.id, status: "to_deliver" }, onTheDay);
    expect(view).toMatchObject({
      missed: true,
      mayMove: true,
      label: "Not delivered on Thursday 26 November 2026",
    });
    const day = view!.choices[0]!.day;
    expect(day > DAY).toBe(true);
    await moveOrderDeliveryByShopper({ orderId: stop.id, day, now: onTheDay });
    expect(
      await shopperDeliveryView({ id: stop.id, status: "to_deliver" }, onTheDay),
    ).toMatchObject({
      day,
      missed: false,
    });
    expect(mailsTo(stop.number).map((m) => m.subject)).toContainEqual(
      expect.stringMatching(new RegExp(`^Delivery booked for .+: order ${stop.number}$`)),
    );
  });

  it("asks for a note when the reason is Other", async () => {
    const { notDeliveredSchema } = await import("~/domain/delivery/proof-schemas");
    const parsed = notDeliveredSchema.safeParse({
      order: "1",
      proofKey: crypto.randomUUID(),
      reason: "other",
    });
    expect(parsed.success).toBe(false);
  });
});

describe("only staff", () => {
  it("refuses a customer every driver action", async () => {
    const stop = await onRun();
    const errors = await Promise.all([
      refusal(startDeliveryRun({ runId: stop.runId, actor: customer, now: onTheDay })),
      refusal(delivered(stop.number, { actor: customer })),
      refusal(
        recordNotDelivered({
          orderNumber: stop.number,
          proofKey: crypto.randomUUID(),
          reason: "refused",
          note: "",
          actor: customer,
          now: onTheDay,
        }),
      ),
    ]);
    expect(errors.map((e) => e.kind)).toEqual(["forbidden", "forbidden", "forbidden"]);
    expect(await statusOf(stop.id)).not.toBe("delivered");
  });
});

describe("proof pictures never left behind", () => {
  /** A media store of its own, in a folder of the test's, so its files can be counted. */
  async function ownStore() {
    const dir = await fs.mkdtemp(path.join(mediaDir, "own-"));
    const files = async () =>
      (await fs.readdir(path.join(dir, "proofs")).catch(() => [] as string[])).sort();
    return { dir, store: folderMediaStore(dir), files };
  }
  const photo = async () =>
    new Blob([
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "#8a6" } })
        .jpeg()
        .toBuffer(),
    ]);

  it("a delivery refused in its transaction leaves no picture in the store", async () => {
    const stop = await onRun();
    const own = await ownStore();
    // Recorded before its booked day: refused once the pictures are stored.
    const error = await refusal(
      delivered(stop.number, { photo: await photo(), store: own.store, now: monday }),
    );
    expect(error.kind).toBe("conflict");
    expect(await own.files()).toEqual([]);
    expect(
      await db().select().from(deliveryProofs).where(eq(deliveryProofs.orderId, stop.id)),
    ).toEqual([]);
    // Recorded on its day, the same pictures are kept: two files, both named by the proof.
    const recorded = await delivered(stop.number, { photo: await photo(), store: own.store });
    const names = [recorded.proof.signatureFile, recorded.proof.photoFile].map((n) =>
      n!.replace("proofs/", ""),
    );
    expect(await own.files()).toEqual(names.sort());
  });

  it("a store that fails on the photo takes the signature stored before it away again", async () => {
    const stop = await onRun();
    const own = await ownStore();
    const failing: MediaStore = {
      ...own.store,
      put: (name, body, type) =>
        name.endsWith(".webp")
          ? Promise.reject(new Error("storage unavailable"))
          : own.store.put(name, body, type),
    };
    await expect(delivered(stop.number, { photo: await photo(), store: failing })).rejects.toThrow(
      "storage unavailable",
    );
    expect(await own.files()).toEqual([]);
    expect(await statusOf(stop.id)).not.toBe("delivered");
  });

  it("the sweep removes an unreferenced picture older than a day, keeping a referenced one and a fresh one", async () => {
    const stop = await onRun();
    const own = await ownStore();
    const recorded = await delivered(stop.number, { store: own.store });
    const referenced = recorded.proof.signatureFile!;
    await own.store.put("proofs/orphan-old.png", Buffer.from("old"), "image/png");
    await own.store.put("proofs/orphan-fresh.png", Buffer.from("new"), "image/png");
    // Outside proofs/, nothing is the sweep's.
    await own.store.put("products/old-640.webp", Buffer.from("product"), "image/webp");
    const twoDaysAgo = new Date(Date.now() - 2 * PROOF_SWEEP_AGE_MS);
    for (const name of [referenced, "proofs/orphan-old.png", "products/old-640.webp"]) {
      await fs.utimes(path.join(own.dir, name), twoDaysAgo, twoDaysAgo);
    }
    expect(await sweepUnreferencedProofImages({ store: own.store })).toEqual({ removed: 1 });
    expect(await own.files()).toEqual(
      [referenced.replace("proofs/", ""), "orphan-fresh.png"].sort(),
    );
    expect(await own.store.head("products/old-640.webp")).not.toBeNull();
    // Run again, it finds nothing more to remove.
    expect(await sweepUnreferencedProofImages({ store: own.store })).toEqual({ removed: 0 });
  });
});
