import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { SessionUser } from "~/domain/auth/roles";
import { bookOrderDelivery } from "~/domain/delivery/book-order-delivery.server";
import { createDeliveryRun } from "~/domain/delivery/delivery-runs.server";
import { recordDelivered, recordNotDelivered } from "~/domain/delivery/record-delivery.server";
import { addRunStop } from "~/domain/delivery/run-stops.server";
import { startDeliveryRun } from "~/domain/delivery/start-delivery-run.server";
import { resolvePeriod } from "~/domain/reports/report-period";
import { QUICK_REPORT_HEADERS, quickReportRows } from "~/domain/reports/report-exports.server";
import type { CsvCell } from "~/lib/csv.server";
import { folderMediaStore } from "~/lib/media-store-folder.server";
import { useTestDatabase } from "../../setup/database";
import { paidOrder } from "../invoicing/invoice-fixtures";
import { setUpShop } from "../orders/fixtures";
import { zone } from "../delivery/fixtures";

useTestDatabase();

const TZ = "Africa/Johannesburg";
const monday = new Date("2026-11-23T08:00:00Z");
const driver: SessionUser = {
  id: "report-driver",
  email: "thabo@test-beds.example",
  name: "Thabo Driver",
  role: "staff",
};
// No picture is stored: every delivery here was signed on the paper run sheet.
const store = folderMediaStore("/nonexistent-media-for-this-test");
let shop: Awaited<ReturnType<typeof setUpShop>>;

beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: driver.id, name: driver.name, email: driver.email, role: "staff" });
  await zone({ dropsPerDay: 20 });
});

/** Paid orders booked for `day`, all on one run started that morning. */
async function run(day: string, orders: number) {
  const numbers: number[] = [];
  const created = await createDeliveryRun({
    day,
    driverId: driver.id,
    truck: `T ${day}`,
    actor: driver,
    now: monday,
  });
  for (let i = 0; i < orders; i += 1) {
    const { order } = await paidOrder(shop, { priceCents: 150_000 });
    await bookOrderDelivery({
      orderNumber: order.number,
      day,
      mode: "book",
      actor: driver,
      now: monday,
    });
    await addRunStop({ runId: created.id, orderNumber: order.number, actor: driver });
    numbers.push(order.number);
  }
  await startDeliveryRun({ runId: created.id, actor: driver, now: new Date(`${day}T05:00:00Z`) });
  return numbers;
}

const delivered = (orderNumber: number, now: Date) =>
  recordDelivered({
    orderNumber,
    proofKey: crypto.randomUUID(),
    recipientName: "Naledi Dube",
    signature: "",
    signedOnPaper: true,
    actor: driver,
    now,
    store,
  });

async function report(firstDay: string, lastDay: string) {
  const period = resolvePeriod({ key: "custom", timeZone: TZ, from: firstDay, to: lastDay });
  const rows: CsvCell[][] = [];
  for await (const row of quickReportRows("deliveries-by-day", period)) rows.push([...row]);
  return rows;
}

describe("the deliveries report", () => {
  it("counts each day's deliveries: delivered on the day or later, not delivered, and still open", async () => {
    // Thursday 26 November: four stops. One delivered in the afternoon, one late that night
    // (Johannesburg), one the next morning, one not delivered; Friday: two stops, one open.
    const [a, b, c, d] = await run("2026-11-26", 4);
    await delivered(a!, new Date("2026-11-26T12:00:00Z"));
    await delivered(b!, new Date("2026-11-26T21:30:00Z")); // 23:30 in Johannesburg: the day
    await delivered(c!, new Date("2026-11-26T22:30:00Z")); // 00:30 on the 27th: later
    await recordNotDelivered({
      orderNumber: d!,
      proofKey: crypto.randomUUID(),
      reason: "nobody_home",
      note: "",
      actor: driver,
      now: new Date("2026-11-26T13:00:00Z"),
    });
    const [e] = await run("2026-11-27", 2);
    await delivered(e!, new Date("2026-11-27T09:00:00Z"));

    expect(QUICK_REPORT_HEADERS["deliveries-by-day"]).toEqual([
      "Day",
      "Booked",
      "Delivered",
      "On the day",
      "Later",
      "Not delivered",
      "Not yet recorded",
    ]);
    expect(await report("2026-11-25", "2026-11-27")).toEqual([
      ["2026-11-25", 0, 0, 0, 0, 0, 0],
      ["2026-11-26", 4, 3, 2, 1, 1, 0],
      ["2026-11-27", 2, 1, 1, 0, 0, 1],
      ["Total", 6, 4, 3, 1, 1, 1],
    ]);
  });
});
