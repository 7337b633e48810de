// @database-once: route-level checks, run on PGlite only (see vitest.config.ts).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { deliveryRuns, orders } from "~/db/schema";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { publicHolidayName, weekdayOf } from "~/domain/delivery/public-holidays";
import { addDays, shopToday } from "~/lib/dates";
import type { FormActionResult } from "~/lib/forms";
import * as dayPage from "~/routes/admin/deliveries";
import * as notePdf from "~/routes/admin/delivery-note-pdf";
import * as sheetPdf from "~/routes/admin/run-sheet-pdf";
import { pdfToText } from "../../setup/pdf-text";
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
let staff = { id: "", email: "", role: "staff" as const, name: "" };
let shop: Awaited<ReturnType<typeof setUpShop>>;

/** The first day after today the truck goes out (no Sunday, no public holiday). */
function nextDay(after = shopToday()) {
  for (let day = addDays(after, 1); ; day = addDays(day, 1)) {
    if (weekdayOf(day) !== 0 && !publicHolidayName(day)) return day;
  }
}
const DAY = nextDay();
const LATER = nextDay(DAY);

beforeAll(async () => {
  shop = await setUpShop();
  await zone({ dropsPerDay: 40, leadDays: 0 });
  for (const role of ["customer", "staff", "owner"] as const) {
    const who = await signedIn(role);
    cookies[role] = who.cookie;
    if (role === "staff") staff = { ...staff, id: who.user.id, email: who.email, name: "Staff" };
  }
});

/** A paid order booked for `day`, with the address parts a driver needs. */
async function bookedOrder(day = DAY) {
  const { order } = await paidOrder(shop, { priceCents: 320_000, quantity: 2 });
  await db()
    .update(orders)
    .set({
      firstName: "Lerato",
      lastName: "Mokoena",
      address: "12 Nelson Mandela Drive",
      complex: "Unit 4, Protea Gardens",
      suburb: "Burgersdorp",
      city: "Lichtenburg",
      postalCode: "2740",
      province: "NW",
      deliveryMobile: "+27825550101",
      accessNotes: "Gate code 4521, blue door",
    })
    .where(eq(orders.id, order.id));
  // Booked as at 08:00 today, before the cut-off, so tomorrow is offered whatever the hour.
  const now = new Date(`${shopToday()}T06:00:00Z`);
  await bookOrderDelivery({ orderNumber: order.number, day, mode: "book", actor: staff, now });
  return order.number;
}

async function post(fields: Record<string, string>, cookie = cookies.staff) {
  const { returned, thrown } = await routeOutcome(
    dayPage.action,
    formRequest(`/admin/deliveries?day=${DAY}`, fields, cookie),
    {},
  );
  const answer = returned ?? thrown;
  const body = ((answer as { data?: unknown }).data ?? answer) as FormActionResult;
  return { status: statusOf(answer), body, thrown };
}

async function dayView(cookie = cookies.staff) {
  const { returned } = await routeOutcome(
    dayPage.loader,
    shopRequest(`/admin/deliveries?day=${DAY}`, { cookie }),
    {},
  );
  return returned as Awaited<ReturnType<typeof dayPage.loader>>;
}

async function newRun(truck: string, cookie = cookies.staff) {
  const made = await post({ intent: "create-run", day: DAY, driver: staff.id, truck }, cookie);
  expect(made.body).toMatchObject({ ok: true, message: { title: "Run Created" } });
  const [run] = await db().select().from(deliveryRuns).where(eq(deliveryRuns.truck, truck));
  return run!.id;
}

async function download(
  handler: unknown,
  path: string,
  params: Record<string, string>,
  cookie: string,
) {
  const { returned, thrown } = await routeOutcome(handler, shopRequest(path, { cookie }), params);
  return { answer: (returned ?? thrown) as Response, thrown };
}

describe("runs through the Deliveries action, for each role", () => {
  it("staff and the owner create a run, put stops on it, move one by a place and take one off", async () => {
    const runId = await newRun("ND 123-456");
    const [a, b] = [await bookedOrder(), await bookedOrder()];
    for (const n of [a, b]) {
      const added = await post({ intent: "add-stop", run: String(runId), order: String(n) });
      expect(added.body).toMatchObject({ ok: true, message: { title: "Stop Added" } });
    }
    const moved = await post(
      { intent: "move-stop", run: String(runId), order: String(b), direction: "up" },
      cookies.owner,
    );
    expect(moved.body).toMatchObject({
      ok: true,
      message: { description: `Order #${b} is stop 1 of 2.` },
    });
    let run = (await dayView()).runs.find((r) => r.runId === runId)!;
    expect(run.stops.map((s) => s.orderNumber)).toEqual([b, a]);
    const off = await post({ intent: "remove-stop", run: String(runId), order: String(b) });
    expect(off.body).toMatchObject({ ok: true, message: { title: "Stop Removed" } });
    run = (await dayView(cookies.owner)).runs.find((r) => r.runId === runId)!;
    expect(run.stops.map((s) => s.orderNumber)).toEqual([a]);
  });

  it("refuses every run intent to a visitor (sign in) and a customer (403), changing nothing", async () => {
    const runId = await newRun("Bakkie");
    const n = await bookedOrder();
    const forms: Record<string, string>[] = [
      { intent: "create-run", day: DAY, driver: staff.id, truck: "Stolen truck" },
      { intent: "add-stop", run: String(runId), order: String(n) },
      { intent: "remove-stop", run: String(runId), order: String(n) },
      { intent: "move-stop", run: String(runId), order: String(n), direction: "up" },
    ];
    for (const fields of forms) {
      const visitor = await post(fields, "");
      expect((visitor.thrown as Response).headers.get("location")).toMatch(STAFF_SIGN_IN);
      expect((await post(fields, cookies.customer)).status).toBe(403);
    }
    const run = (await dayView()).runs.find((r) => r.runId === runId)!;
    expect(run.stops).toEqual([]);
    expect((await dayView()).runs.map((r) => r.truck)).not.toContain("Stolen truck");
  });

  it.each<[string, Record<string, string>, number, string, string]>([
    [
      "no driver",
      { intent: "create-run", day: DAY, driver: "", truck: "T" },
      400,
      "driver",
      "Choose a driver.",
    ],
    [
      "a customer as driver",
      { intent: "create-run", day: DAY, driver: "nobody", truck: "T" },
      400,
      "driver",
      "Choose a driver from the shop's staff.",
    ],
    [
      "no truck",
      { intent: "create-run", day: DAY, driver: "x", truck: " " },
      400,
      "truck",
      "Give the truck's name or registration.",
    ],
    [
      "a day that is no date",
      { intent: "create-run", day: "2026-02-30", driver: "x", truck: "T" },
      400,
      "day",
      "Give the day as a date",
    ],
    [
      "a stop that is no order",
      { intent: "add-stop", run: "1", order: "abc" },
      400,
      "order",
      "Choose an order.",
    ],
    [
      "a direction that is none",
      { intent: "move-stop", run: "1", order: "1", direction: "sideways" },
      400,
      "direction",
      "Move the stop up or down.",
    ],
  ])("answers %s at its field with a 4xx", async (_, fields, status, field, words) => {
    const { status: got, body } = await post(fields);
    expect(got).toBe(status);
    if (body.ok) throw new Error("expected a refusal");
    expect(body.fieldErrors[field]).toContain(words);
  });

  it("answers a stop of another day at the order (400) and a run that does not exist (404)", async () => {
    const runId = await newRun("Day truck");
    const later = await bookedOrder(LATER);
    const other = await post({ intent: "add-stop", run: String(runId), order: String(later) });
    expect(other.status).toBe(400);
    if (other.body.ok) throw new Error("expected a refusal");
    expect(other.body.fieldErrors.order).toContain(`Order #${later} is booked for`);
    const missing = await post({ intent: "add-stop", run: "999999", order: String(later) });
    expect(missing.status).toBe(404);
  });
});

describe("the run sheet and the delivery note", () => {
  it("the run sheet lists the stops in order with address, access, phone, items, money and a place to sign", async () => {
    const runId = await newRun("ND 999-111");
    const [a, b] = [await bookedOrder(), await bookedOrder()];
    for (const n of [b, a])
      await post({ intent: "add-stop", run: String(runId), order: String(n) });
    const { answer } = await download(
      sheetPdf.loader,
      `/admin/deliveries/runs/${runId}/sheet`,
      { id: String(runId) },
      cookies.staff,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("application/pdf");
    expect(answer.headers.get("content-disposition")).toBe(
      `attachment; filename="run-${DAY}-${runId}.pdf"`,
    );
    // A run-on address may break its line anywhere: the words are read as one run of text.
    const text = (await pdfToText(Buffer.from(await answer.arrayBuffer()))).replace(/\s+/g, " ");
    expect(text).toContain("Run Sheet");
    expect(text).toContain("ND 999-111");
    for (const words of [
      "Lerato Mokoena",
      "Unit 4, Protea Gardens",
      "12 Nelson Mandela Drive",
      "Burgersdorp",
      "Lichtenburg 2740",
      "North West",
      "Access: Gate code 4521, blue door",
      "082 555 0101",
      "2 x Test Bed",
      "R0.00 (paid)",
      "Received by: name, signature, time",
    ]) {
      expect(text, words).toContain(words);
    }
    // Stop 1 is b, stop 2 is a: the run's order, not the order numbers'.
    expect(text.indexOf(`Order #${b}`)).toBeLessThan(text.indexOf(`Order #${a}`));
  });

  it("the delivery note names the order, the address, the goods and has lines to sign and date", async () => {
    const n = await bookedOrder();
    const { answer } = await download(
      notePdf.loader,
      `/admin/orders/${n}/delivery-note`,
      { number: String(n) },
      cookies.owner,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="DN-${n}.pdf"`);
    const text = await pdfToText(Buffer.from(await answer.arrayBuffer()));
    for (const words of [
      "Delivery Note",
      `DN-${n}`,
      "Deliver to",
      "Lerato Mokoena",
      "Unit 4, Protea Gardens",
      "Test Bed",
      "Received in good order by",
      "Signature",
      "Date",
    ]) {
      expect(text, words).toContain(words);
    }
  });

  it("keeps both PDFs from a visitor (sign in) and a customer (403); a missing run or order is 404", async () => {
    const runId = await newRun("Guarded");
    const n = await bookedOrder();
    const pdfs = [
      (cookie: string) =>
        download(
          sheetPdf.loader,
          `/admin/deliveries/runs/${runId}/sheet`,
          { id: String(runId) },
          cookie,
        ),
      (cookie: string) =>
        download(notePdf.loader, `/admin/orders/${n}/delivery-note`, { number: String(n) }, cookie),
    ];
    for (const get of pdfs) {
      expect((await get("")).answer.headers.get("location")).toMatch(STAFF_SIGN_IN);
      expect(statusOf((await get(cookies.customer)).thrown)).toBe(403);
    }
    const noRun = await download(
      sheetPdf.loader,
      "/admin/deliveries/runs/999999/sheet",
      { id: "999999" },
      cookies.staff,
    );
    expect(statusOf(noRun.thrown)).toBe(404);
    const noOrder = await download(
      notePdf.loader,
      "/admin/orders/3000000000/delivery-note",
      { number: "3000000000" },
      cookies.staff,
    );
    expect(statusOf(noOrder.thrown)).toBe(404);
  });
});
