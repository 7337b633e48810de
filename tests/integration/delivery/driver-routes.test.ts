// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryProofs, orders } from "~/db/schema";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { recordDelivered } from "~/domain/delivery/record-delivery.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { publicHolidayName, weekdayOf } from "~/domain/delivery/public-holidays";
import { addDays, shopToday } from "~/lib/dates";
import * as proofImage from "~/routes/admin/delivery-proof-image";
import * as myRun from "~/routes/admin/my-run";
import * as send from "~/routes/admin/my-run-send";
import { useTestDatabase } from "../../setup/database";
import {
  STAFF_SIGN_IN,
  formRequest,
  routeOutcome,
  shopRequest,
  signedIn,
  statusOf,
} from "../admin/helpers";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";
import { zone } from "./fixtures";

useTestDatabase();

const cookies = { customer: "", staff: "", owner: "" };
let staff = { id: "", email: "", role: "staff" as const, name: "Staff" };
let shop: Awaited<ReturnType<typeof setUpShop>>;
let dataDir: string;

/** A day the truck goes out, after `after`. */
function nextDay(after: string) {
  for (let day = addDays(after, 1); ; day = addDays(day, 1)) {
    if (weekdayOf(day) !== 0 && !publicHolidayName(day)) return day;
  }
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "driver-routes-"));
  process.env.DATA_DIR = dataDir;
  shop = await setUpShop();
  await zone({ dropsPerDay: 40, leadDays: 0 });
  for (const role of ["customer", "staff", "owner"] as const) {
    const who = await signedIn(role);
    cookies[role] = who.cookie;
    if (role === "staff") staff = { ...staff, id: who.user.id, email: who.email };
  }
});
afterAll(async () => {
  delete process.env.DATA_DIR;
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** A paid order on a run of a coming day, delivered on that day by the domain; its number. */
async function deliveredOrder() {
  const { order } = await paidOrder(shop, { priceCents: 200_000 });
  const booked = new Date(`${shopToday()}T06:00:00Z`);
  const day = nextDay(shopToday());
  await bookOrderDelivery({
    orderNumber: order.number,
    day,
    mode: "book",
    actor: staff,
    now: booked,
  });
  const run = await createDeliveryRun({
    day,
    driverId: staff.id,
    truck: "Bakkie",
    actor: staff,
    now: booked,
  });
  await addRunStop({ runId: run.id, orderNumber: order.number, actor: staff });
  const ink = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 L290 20" stroke="#000" stroke-width="5"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  await recordDelivered({
    orderNumber: order.number,
    proofKey: crypto.randomUUID(),
    recipientName: "Sipho",
    signature: `data:image/png;base64,${ink.toString("base64")}`,
    signedOnPaper: false,
    actor: staff,
    now: new Date(`${day}T08:00:00Z`),
  });
  return order.number;
}

describe("My run", () => {
  it("answers staff and the owner with today's runs", async () => {
    for (const cookie of [cookies.staff, cookies.owner]) {
      const { returned } = await routeOutcome(
        myRun.loader,
        shopRequest("/admin/deliveries/my-run", { cookie }),
        {},
      );
      expect(returned).toMatchObject({ day: shopToday(), runs: expect.any(Array) });
    }
  });

  it("sends a refused proof back as JSON with the message by its field, and records nothing", async () => {
    const { returned } = await routeOutcome(
      send.action,
      formRequest(
        "/admin/deliveries/my-run/send",
        { intent: "delivered", order: "1", proofKey: crypto.randomUUID(), recipientName: "" },
        cookies.staff,
      ),
      {},
    );
    const answer = returned as Response;
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-type")).toContain("application/json");
    const body = (await answer.json()) as { ok: boolean; fieldErrors: Record<string, string> };
    expect(body.ok).toBe(false);
    expect(body.fieldErrors.recipientName).toMatch(/name of the person/);
    expect(body.fieldErrors.signature).toMatch(/sign/);
  });

  it("refuses a message for the customer over 300 characters at its field, on the phone's send and the page alike, recording nothing", async () => {
    const proofKey = crypto.randomUUID();
    const fields = {
      intent: "not-delivered",
      order: "1",
      proofKey,
      reason: "nobody_home",
      note: "",
      customerMessage: "x".repeat(301),
    };
    const message = "Keep the message for the customer to 300 characters.";
    const sent = await routeOutcome(
      send.action,
      formRequest("/admin/deliveries/my-run/send", fields, cookies.staff),
      {},
    );
    const answer = sent.returned as Response;
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { ok: boolean; fieldErrors: Record<string, string> };
    expect(body).toMatchObject({ ok: false, fieldErrors: { customerMessage: message } });
    const posted = await routeOutcome(
      myRun.action,
      formRequest("/admin/deliveries/my-run", fields, cookies.staff),
      {},
    );
    expect(statusOf(posted.returned)).toBe(400);
    expect((posted.returned as { data: unknown }).data).toMatchObject({
      ok: false,
      fieldErrors: { customerMessage: message },
    });
    expect(
      await db().select().from(deliveryProofs).where(eq(deliveryProofs.proofKey, proofKey)),
    ).toEqual([]);
  });

  it("without JavaScript, the page's own action answers the stop's form", async () => {
    const { returned } = await routeOutcome(
      myRun.action,
      formRequest(
        "/admin/deliveries/my-run",
        {
          intent: "not-delivered",
          order: "999999",
          proofKey: crypto.randomUUID(),
          reason: "refused",
        },
        cookies.owner,
      ),
      {},
    );
    expect(statusOf(returned)).toBe(404);
    expect((returned as { data: unknown }).data).toMatchObject({
      ok: false,
      alert: { description: "Order #999999 does not exist." },
      values: { intent: "not-delivered", order: "999999" },
    });
  });
});

describe("a proof picture", () => {
  it("is served to staff and the owner from its own route, to no one else", async () => {
    const number = await deliveredOrder();
    const ask = (cookie: string) =>
      routeOutcome(
        proofImage.loader,
        shopRequest(`/admin/orders/${number}/proof/signature`, { cookie }),
        { number: String(number), kind: "signature" },
      );
    for (const cookie of [cookies.staff, cookies.owner]) {
      const answer = (await ask(cookie)).returned as Response;
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toBe("image/png");
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).format).toBe("png");
    }
    const visitor = await ask("");
    expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
    expect(statusOf((await ask(cookies.customer)).thrown)).toBe(403);
    const photo = await routeOutcome(
      proofImage.loader,
      shopRequest(`/admin/orders/${number}/proof/photo`, { cookie: cookies.staff }),
      { number: String(number), kind: "photo" },
    );
    expect(statusOf(photo.thrown)).toBe(404);
    const [order] = await db().select().from(orders).where(eq(orders.number, number));
    const [proof] = await db()
      .select()
      .from(deliveryProofs)
      .where(eq(deliveryProofs.orderId, order!.id));
    expect(proof!.signatureFile).toMatch(/^proofs\//);
  });
});
