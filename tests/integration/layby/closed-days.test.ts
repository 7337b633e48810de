import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { laybyPlans, storeSettings, users } from "~/db/schema";
import { lapseLaybyPlans } from "~/domain/layby/layby-jobs.server";
import { isBusinessDay } from "~/domain/layby/business-days";
import { addMonths, laybyLapseDay } from "~/domain/layby/schedule";
import { placeOrder } from "~/domain/orders/place-order.server";
import { updateLaybySettings } from "~/domain/settings/update-settings.server";
import { addDays, shopToday } from "~/lib/dates";
import { useTestDatabase } from "../../setup/database";
import { addVariant, checkout, setUpShop } from "../orders/fixtures";
import { laybyOrder, planRow } from "./staff-plan-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
const owner = { id: "owner-closed", email: "owner@example.com", role: "owner" as const };
const terms = {
  laybyMinDepositCents: 60_000,
  laybyChargeBasisPoints: 100,
  laybyInterestBasisPoints: 1_175,
};

beforeAll(async () => {
  shop = await setUpShop();
  await db()
    .insert(users)
    .values({ id: owner.id, email: owner.email, name: "Owner", role: "owner" });
});

describe("the lay-by's lapse day and the shop's declared closed days", () => {
  it("a plan agreed at checkout lapses 60 business days after its end, the shop's closed days not counted", async () => {
    const endDay = addMonths(shopToday(), 1);
    const plainLapse = laybyLapseDay(endDay);
    // Two weekdays closed within the grace of a one-month plan agreed today.
    const weekdayFrom = (day: string): string =>
      isBusinessDay(day) ? day : weekdayFrom(addDays(day, 1));
    const closed = [weekdayFrom(addDays(endDay, 10)), weekdayFrom(addDays(endDay, 20))];
    await db().update(storeSettings).set({ closedDays: closed });
    const bed = await addVariant(shop, { priceCents: 500_000, stock: 2 });
    const { order } = await placeOrder(
      checkout([{ variantId: bed.variantId, quantity: 1 }], {
        layby: { months: 1, depositCents: 60_000 },
      }),
    );
    const plan = await planRow(order.id);
    expect(plan.endDay).toBe(endDay);
    expect(plan.lapseDay).toBe(laybyLapseDay(endDay, closed));
    expect(plan.lapseDay > plainLapse).toBe(true);
    await db().update(storeSettings).set({ closedDays: [] });
  });

  it("closed days the owner declares later move open plans' lapse days later, never earlier; the lapse job follows", async () => {
    const { order } = await laybyOrder(shop, {
      priceCents: 500_000,
      months: 1,
      startDay: "2026-11-24",
      paid: ["online"],
    });
    const before = await planRow(order.id);
    expect(before).toMatchObject({ endDay: "2026-12-24", lapseDay: "2027-03-23" });

    // A weekday within the grace, and a Saturday (no business day anyway).
    await updateLaybySettings({
      actor: owner,
      input: { ...terms, closedDays: ["2027-01-02", "2027-01-04"] },
    });
    expect((await planRow(order.id)).lapseDay).toBe("2027-03-24");

    // The day after the old lapse day, the plan is still the shopper's to pay.
    expect(await lapseLaybyPlans({ now: new Date("2027-03-24T08:00:00Z"), siteUrl: "x" })).toBe(0);
    expect((await planRow(order.id)).status).toBe("active");

    // A closed day taken back: the lapse day the shopper was given stands.
    await updateLaybySettings({ actor: owner, input: { ...terms, closedDays: [] } });
    expect((await planRow(order.id)).lapseDay).toBe("2027-03-24");

    // A cancelled plan is left as it is.
    await db().update(laybyPlans).set({ status: "cancelled" }).where(eq(laybyPlans.id, before.id));
    await updateLaybySettings({
      actor: owner,
      input: { ...terms, closedDays: ["2027-01-05", "2027-01-06"] },
    });
    expect((await planRow(order.id)).lapseDay).toBe("2027-03-24");
  });
});
