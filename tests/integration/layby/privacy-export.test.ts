import { beforeAll, describe, expect, it } from "vitest";
import { findPersonalData } from "~/domain/privacy/personal-data.server";
import { useTestDatabase } from "../../setup/database";
import { setUpShop } from "../orders/fixtures";
import { laybyOrder } from "./staff-plan-fixtures";

useTestDatabase();

let shop: Awaited<ReturnType<typeof setUpShop>>;
beforeAll(async () => {
  shop = await setUpShop();
});

describe("a privacy request for a shopper on lay-by", () => {
  it("finds the plan with its schedule, paid and unpaid, beside the order", async () => {
    const { order, schedule } = await laybyOrder(shop, {
      priceCents: 300_000,
      months: 3,
      paid: ["online", "showroom"],
      email: "lerato@example.com",
    });
    await laybyOrder(shop, { priceCents: 250_000, months: 2, email: "someone@example.com" });

    const data = await findPersonalData({ email: "Lerato@example.com" });
    expect(data.orders.map((o) => o.number)).toEqual([order.number]);
    const plan = data.orders[0]!.laybyPlan!;
    expect(plan).toMatchObject({ status: "active", months: 3, depositCents: 60_000 });
    expect(plan.instalments.map((i) => [i.number, i.dueDay, i.amountCents])).toEqual(
      schedule.payments.map((p) => [p.number, p.dueDay, p.amountCents]),
    );
    expect(plan.instalments.map((i) => i.paidAt !== null)).toEqual([true, true, false, false]);
  });
});
