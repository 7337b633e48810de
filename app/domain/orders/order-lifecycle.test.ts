import { describe, expect, it } from "vitest";
import { canMoveOrder, nextStages, ORDER_STAGES, type OrderStage } from "./order-lifecycle";
import { orderStageView, SHOWN_STAGES, shownStage, type StageFacts } from "./order-stage-view";

describe("an order's life: the transition table", () => {
  it.each([
    ["awaiting_payment", "to_deliver", true],
    ["awaiting_payment", "cancelled", true],
    ["awaiting_payment", "out_for_delivery", false],
    ["awaiting_payment", "delivered", false],
    ["layby", "to_deliver", true],
    ["layby", "cancelled", true],
    ["layby", "delivered", false],
    ["to_deliver", "out_for_delivery", true],
    ["to_deliver", "delivered", true],
    ["to_deliver", "cancelled", true],
    ["to_deliver", "awaiting_payment", false],
    ["out_for_delivery", "delivered", true],
    ["out_for_delivery", "to_deliver", true],
    ["out_for_delivery", "cancelled", false],
    ["delivered", "cancelled", false],
    ["delivered", "to_deliver", false],
    ["cancelled", "awaiting_payment", false],
    ["cancelled", "to_deliver", false],
  ] as const)("%s -> %s: %s", (from, to, allowed) => {
    expect(canMoveOrder(from, to)).toBe(allowed);
  });

  it("never moves to the same stage, and ends at delivered or cancelled", () => {
    for (const s of ORDER_STAGES) expect(canMoveOrder(s, s)).toBe(false);
    expect(nextStages("delivered")).toEqual([]);
    expect(nextStages("cancelled")).toEqual([]);
  });

  it("reaches every stage from a placed order", () => {
    const seen = new Set<OrderStage>(["awaiting_payment", "layby"]);
    for (let changed = true; changed;) {
      changed = false;
      for (const from of [...seen]) {
        for (const to of nextStages(from)) {
          if (seen.has(to)) continue;
          seen.add(to);
          changed = true;
        }
      }
    }
    expect([...seen].sort()).toEqual([...ORDER_STAGES].sort());
  });
});

describe("what a person sees of an order's stage", () => {
  const facts = (over: Partial<StageFacts>): StageFacts => ({
    status: "to_deliver",
    paymentStatus: "paid",
    ...over,
  });

  it.each([
    [
      { status: "awaiting_payment", paymentStatus: "awaiting_quote" },
      "awaiting_quote",
      "Awaiting quote",
    ],
    [
      { status: "awaiting_payment", paymentStatus: "unpaid" },
      "awaiting_payment",
      "Awaiting payment",
    ],
    [{ status: "layby", paymentStatus: "partially_paid" }, "layby", "Lay-by"],
    [{}, "to_book", "To book"],
    [{ deliveryDay: "2026-12-15" }, "booked", "Booked 15 Dec"],
    [{ missedDay: "2026-12-10" }, "not_delivered", "Not delivered"],
    [
      { status: "out_for_delivery", deliveryDay: "2026-12-10" },
      "out_for_delivery",
      "Out for delivery",
    ],
    [{ status: "delivered" }, "delivered", "Delivered"],
    [
      { status: "cancelled", paymentStatus: "refunded", refundedCents: 394_900 },
      "cancelled",
      "Cancelled",
    ],
  ] as const)("%o reads %s (%s)", (over, stage, badge) => {
    const view = orderStageView(facts(over as Partial<StageFacts>));
    expect(view.stage).toBe(stage);
    expect(view.badge).toBe(badge);
  });

  it("a paid order never reads pending, and every shown stage has its heading and sentence", () => {
    const examples: StageFacts[] = [
      facts({ status: "awaiting_payment", paymentStatus: "awaiting_quote" }),
      facts({ status: "awaiting_payment", paymentStatus: "unpaid" }),
      facts({ status: "layby", paymentStatus: "partially_paid" }),
      facts({}),
      facts({ deliveryDay: "2026-12-15" }),
      facts({ missedDay: "2026-12-10" }),
      facts({ status: "out_for_delivery" }),
      facts({ status: "delivered", delivered: { day: "2026-12-10", receivedBy: "N. Mahlangu" } }),
      facts({ status: "cancelled", paymentStatus: "refunded", refundedCents: 394_900 }),
    ];
    expect(examples.map(shownStage).sort()).toEqual([...SHOWN_STAGES].sort());
    for (const view of examples.map(orderStageView)) {
      expect(view.title.length).toBeGreaterThan(5);
      expect(view.sentence.length).toBeGreaterThan(10);
      expect(`${view.badge} ${view.title}`).not.toMatch(/pending/i);
    }
  });

  it("says the day, who received it and what was paid back", () => {
    expect(orderStageView(facts({ deliveryDay: "2026-12-15" })).title).toBe(
      "Booked for Tuesday 15 December",
    );
    const delivered = orderStageView(
      facts({ status: "delivered", delivered: { day: "2026-12-10", receivedBy: "N. Mahlangu" } }),
    );
    expect(delivered.title).toBe("Delivered on Thursday 10 December");
    expect(delivered.sentence).toMatch(/^Received by N\. Mahlangu\./);
    expect(
      orderStageView(
        facts({ status: "cancelled", paymentStatus: "refunded", refundedCents: 394_900 }),
      ).sentence,
    ).toBe("R3,949.00 refunded, the way you paid.");
    expect(
      orderStageView(facts({ status: "cancelled", paymentStatus: "unpaid" })).sentence,
    ).toMatch(/Nothing was taken/);
  });
});
