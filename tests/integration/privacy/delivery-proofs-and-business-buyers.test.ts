import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  auditLog,
  deliveryProofs,
  invoices,
  orderEvents,
  orders,
  storeSettings,
  users,
} from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { recordDelivered, recordNotDelivered } from "~/domain/delivery/record-delivery.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { renderInvoicePdf } from "~/domain/invoicing/invoice-document.server";
import { markOrderDelivered } from "~/domain/orders/cancel-order.server";
import { erasePersonalData } from "~/domain/privacy/erase-personal-data.server";
import { PERSONAL_DATA_REGISTRY } from "~/domain/privacy/personal-data-registry";
import { exportPersonalData, lookUpPersonalData } from "~/domain/privacy/privacy-requests.server";
import * as privacyExport from "~/routes/admin/privacy-export";
import { useTestDatabase } from "../../setup/database";
import { pdfToText } from "../../setup/pdf-text";
import { formRequest, routeOutcome, signedIn } from "../admin/helpers";
import { zone } from "../delivery/fixtures";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";

useTestDatabase();

/** Booked on Monday 23 November 2026 for Thursday 26th, the day the truck goes. */
const monday = new Date("2026-11-23T08:00:00Z");
const DAY = "2026-11-26";
const onTheDay = new Date("2026-11-26T09:30:00Z");

const NOMVULA = "nomvula@example.com";
const PERSON = { firstName: "Nomvula", lastName: "Zulu", phone: "083 444 1212" };
const BUSINESS = { companyName: "Zulu Guest Lodge", vatNumber: "4987654321" };
const RECEIVER = "Precious Ndlovu";
/** What must be gone from every erased column once Nomvula is erased. */
const MARKERS = [
  NOMVULA,
  "Nomvula Zulu",
  PERSON.phone,
  BUSINESS.companyName,
  "4987654321",
  RECEIVER,
];

const owner = { id: "owner-50", email: "owner@example.com" };
const driver: SessionUser = {
  id: "driver-50",
  email: "driver@example.com",
  name: "Kagiso Driver",
  role: "staff",
};

let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;
let full: { id: number; number: number };
let small: { id: number; number: number };
let neighbour: { id: number; number: number };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "privacy-proofs-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  await db().update(storeSettings).set({ vatNumber: "4123456789" });
  await db()
    .insert(users)
    .values([
      { ...owner, name: "Owner", role: "owner" },
      { id: driver.id, email: driver.email, name: driver.name, role: "staff" },
    ]);
  await zone({ dropsPerDay: 20 });
  const order = async (
    priceCents: number,
    overrides: Parameters<typeof paidOrder>[1]["overrides"],
  ) => (await paidOrder(shop, { priceCents, overrides })).order;
  // Above R5,000: a full tax invoice names the business and its VAT number.
  full = await order(650_000, { email: NOMVULA, ...PERSON, ...BUSINESS });
  // R3,000: an abridged invoice, which names no buyer.
  small = await order(300_000, { email: NOMVULA, ...PERSON, ...BUSINESS });
  neighbour = await order(250_000, {
    email: "sipho@example.com",
    firstName: "Sipho",
    lastName: "Dlamini",
  });
  for (const o of [full, small, neighbour]) await onRun(o.number);
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Books the order for DAY on a run of its own. */
async function onRun(orderNumber: number) {
  await bookOrderDelivery({ orderNumber, day: DAY, mode: "book", actor: driver, now: monday });
  const run = await createDeliveryRun({
    day: DAY,
    driverId: driver.id,
    truck: `T ${orderNumber}`,
    actor: driver,
    now: monday,
  });
  await addRunStop({ runId: run.id, orderNumber, actor: driver });
}

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

const doorstep = async () =>
  new Blob([
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#8a6" } })
      .jpeg()
      .toBuffer(),
  ]);

const deliver = async (orderNumber: number, recipientName: string) =>
  (
    await recordDelivered({
      orderNumber,
      proofKey: crypto.randomUUID(),
      recipientName,
      signature: await drawn(),
      signedOnPaper: false,
      photo: await doorstep(),
      actor: driver,
      now: onTheDay,
    })
  ).proof;

const proofsOf = (orderId: number) =>
  db().select().from(deliveryProofs).where(eq(deliveryProofs.orderId, orderId));
const stored = (name: string) => path.join(dataDir, "media", name);
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** Rows of every column the registry says an erasure empties that still hold one of the words. */
async function leftInErasedColumns(words: string[]) {
  const found: string[] = [];
  for (const [table, columns] of Object.entries(PERSONAL_DATA_REGISTRY)) {
    for (const [column, handling] of Object.entries(columns)) {
      if (handling.kind !== "erased") continue;
      const [row] = (
        await db().execute<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.join(
            words.map(
              (w) => sql`strpos(lower(${sql.identifier(column)}::text), ${w.toLowerCase()}) > 0`,
            ),
            sql` or `,
          )}`,
        )
      ).rows;
      if (row!.n > 0) found.push(`${table}.${column}`);
    }
  }
  return found;
}

describe("proofs of delivery and a business buyer's details in a privacy request", () => {
  it("exports each proof with who received the goods, when, the signature and the photo, and the orders' company name and VAT number", async () => {
    const proof = await deliver(full.number, RECEIVER);
    await recordNotDelivered({
      orderNumber: small.number,
      proofKey: crypto.randomUUID(),
      reason: "nobody_home",
      note: `${RECEIVER} next door says Nomvula Zulu works late`,
      customerMessage: "We knocked at 09:30; call 083 444 1212 back to book again.",
      actor: driver,
      now: onTheDay,
    });
    await deliver(neighbour.number, "Sipho Dlamini");

    const data = await exportPersonalData({ email: NOMVULA, actor: owner });
    const delivered = data.orders.find((o) => o.number === full.number)!;
    expect(delivered).toMatchObject(BUSINESS);
    expect(data.orders.find((o) => o.number === small.number)).toMatchObject(BUSINESS);
    expect(delivered.deliveryProofs).toEqual([
      {
        day: DAY,
        outcome: "delivered",
        recipientName: RECEIVER,
        signedOnPaper: false,
        reason: null,
        note: null,
        customerMessage: null,
        recordedAt: onTheDay,
        signature: expect.stringMatching(/^data:image\/png;base64,/),
        photo: expect.stringMatching(/^data:image\/webp;base64,/),
      },
    ]);
    // The files themselves, as stored: the signature's bytes, the photo re-encoded as WebP.
    const bytes = (dataUrl: string) => Buffer.from(dataUrl.split(",")[1]!, "base64");
    const exported = delivered.deliveryProofs[0]!;
    expect(bytes(exported.signature!).equals(await fs.readFile(stored(proof.signatureFile!)))).toBe(
      true,
    );
    expect(await sharp(bytes(exported.photo!)).metadata()).toMatchObject({
      format: "webp",
      width: 1280,
    });
    expect(data.orders.find((o) => o.number === small.number)!.deliveryProofs).toEqual([
      expect.objectContaining({
        outcome: "not_delivered",
        reason: "nobody_home",
        recipientName: null,
        signature: null,
        photo: null,
        customerMessage: expect.stringContaining("We knocked"),
      }),
    ]);
    const text = JSON.stringify(data);
    // The private files' names mean nothing outside the shop; the neighbour's proof is not hers.
    expect(text).not.toContain("proofs/");
    expect(text).not.toContain("Sipho");
    expect((await lookUpPersonalData({ email: NOMVULA, actor: owner })).counts).toMatchObject({
      orders: 2,
      deliveryProofs: 2,
    });

    // The owner's download is the same document.
    const cookie = (await signedIn("owner")).cookie;
    const download = (
      await routeOutcome(
        privacyExport.action,
        formRequest("/admin/privacy/export", { email: NOMVULA }, cookie),
        {},
      )
    ).returned as Response;
    const body = JSON.parse(await download.text()) as typeof data;
    expect(body.orders.find((o) => o.number === full.number)!.deliveryProofs[0]).toMatchObject({
      recipientName: RECEIVER,
      signature: exported.signature,
      photo: exported.photo,
    });
  });

  it("erases who received the goods, the pictures' files and the company name and VAT number, and keeps what the tax invoice must show", async () => {
    await markOrderDelivered({ orderId: small.id, actor: driver });
    const [proof] = await proofsOf(full.id);
    const files = [proof!.signatureFile!, proof!.photoFile!].map(stored);
    expect(await Promise.all(files.map(exists))).toEqual([true, true]);
    const [neighbours] = await proofsOf(neighbour.id);
    const [invoiceBefore] = await db().select().from(invoices).where(eq(invoices.orderId, full.id));

    const erasure = await erasePersonalData({ email: NOMVULA, actor: owner });
    expect(erasure.erased).toMatchObject({ orders: 2, deliveryProofs: 2, invoices: 2 });
    expect(erasure.kept.map((k) => k.record)).toEqual([
      expect.stringMatching(/^INV-\d{6}: the buyer's name, address and VAT number$/),
    ]);

    // The proof: who received it is gone, the files with it; the visit stays.
    const [erased] = await proofsOf(full.id);
    expect(erased).toMatchObject({
      outcome: "delivered",
      day: DAY,
      recipientName: "Erased",
      signatureFile: null,
      photoFile: null,
      signedOnPaper: false,
      recordedByName: driver.name,
      recordedAt: onTheDay,
      erasedAt: expect.any(Date),
    });
    expect(await Promise.all(files.map(exists))).toEqual([false, false]);
    const [missed] = await proofsOf(small.id);
    expect(missed).toMatchObject({
      outcome: "not_delivered",
      reason: "nobody_home",
      note: "Erased next door says Erased works late",
      customerMessage: "We knocked at 09:30; call Erased back to book again.",
    });
    const timeline = await db()
      .select()
      .from(orderEvents)
      .where(inArray(orderEvents.orderId, [full.id, small.id]));
    expect(timeline.find((e) => e.type === "delivered")!.message).toBe(
      "Delivered: received by Erased, who signed on the phone; photo taken.",
    );
    const [audited] = await db()
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "delivery_delivered"),
          eq(auditLog.subject, `order:${full.number}`),
        ),
      );
    expect(audited!.details).toMatchObject({ day: DAY, receivedBy: "Erased" });

    // The orders lose the company name and VAT number; their amounts stay.
    const rows = await db()
      .select()
      .from(orders)
      .where(inArray(orders.id, [full.id, small.id]));
    for (const row of rows) {
      expect(row).toMatchObject({ companyName: "", vatNumber: "", firstName: "Erased" });
    }
    // The full tax invoice keeps the business, its VAT number and the address, and prints them;
    // the abridged one names no buyer.
    const [kept] = await db().select().from(invoices).where(eq(invoices.orderId, full.id));
    expect(kept).toMatchObject({
      buyerName: "Zulu Guest Lodge (Nomvula Zulu)",
      buyerVatNumber: BUSINESS.vatNumber,
      buyerAddress: invoiceBefore!.buyerAddress,
      buyerEmail: "",
      buyerPhone: "",
      totalCents: invoiceBefore!.totalCents,
      vatCents: invoiceBefore!.vatCents,
    });
    const printed = await pdfToText((await renderInvoicePdf({ invoiceId: kept!.id })).pdf);
    expect(printed).toContain("Zulu Guest Lodge (Nomvula Zulu)");
    expect(printed).toContain(`VAT number ${BUSINESS.vatNumber}`);
    expect(printed).toContain("Church Street");
    expect(printed).not.toContain(NOMVULA);
    expect(printed).not.toContain(PERSON.phone);
    const [abridged] = await db().select().from(invoices).where(eq(invoices.orderId, small.id));
    expect(abridged).toMatchObject({ buyerName: "Erased", buyerVatNumber: "", buyerAddress: "" });

    // No column the registry calls erased still holds any of it, anywhere in the database.
    expect(await leftInErasedColumns(MARKERS)).toEqual([]);

    // The neighbour's proof and pictures are untouched.
    expect((await proofsOf(neighbour.id))[0]).toEqual(neighbours);
    expect(await exists(stored(neighbours!.photoFile!))).toBe(true);

    // A second erasure finds nothing and changes nothing.
    const before = await db().select().from(deliveryProofs);
    const again = await erasePersonalData({ email: NOMVULA, actor: owner });
    expect(again.erased).toMatchObject({ orders: 0, deliveryProofs: 0 });
    expect(await db().select().from(deliveryProofs)).toEqual(before);
  });
});
