import { describe, expect, it } from "vitest";
import { laybyCancellation, laybyInterestCents } from "./cancellation";
import { addMonths, checkLaybyTerms, laybyLapseDay, planLaybySchedule } from "./schedule";

const MIN = 60_000;
const sum = (amounts: { amountCents: number }[]) => amounts.reduce((t, p) => t + p.amountCents, 0);

describe("a lay-by plan's schedule", () => {
  it.each([
    // total, deposit, months, expected instalments
    [300_000, 60_000, 6, [40_000, 40_000, 40_000, 40_000, 40_000, 40_000]],
    [300_000, 60_000, 1, [240_000]],
    [129_999, 60_000, 6, [11_667, 11_667, 11_667, 11_666, 11_666, 11_666]],
    [60_001, 60_000, 1, [1]],
    [100_000, 60_001, 4, [10_000, 10_000, 10_000, 9_999]],
    [999_999, 123_457, 5, [175_309, 175_309, 175_308, 175_308, 175_308]],
  ])(
    "splits %i cents with a deposit of %i over %i months",
    (total, deposit, months, instalments) => {
      const plan = planLaybySchedule({
        totalCents: total,
        depositCents: deposit,
        months,
        startDay: "2026-11-24",
        minDepositCents: MIN,
      });
      expect(plan.payments[0]).toEqual({ number: 0, dueDay: "2026-11-24", amountCents: deposit });
      expect(plan.payments.slice(1).map((p) => p.amountCents)).toEqual(instalments);
      expect(sum(plan.payments)).toBe(total);
    },
  );

  it("adds up to the cent and never differs by more than a cent, for every month count", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648);
    for (let run = 0; run < 300; run += 1) {
      const total = MIN + 1 + (next() % 5_000_000);
      const months = 1 + (next() % 6);
      const deposit = MIN + (next() % Math.max(1, total - MIN - months + 1));
      const plan = planLaybySchedule({
        totalCents: total,
        depositCents: deposit,
        months,
        startDay: "2027-01-31",
        minDepositCents: MIN,
      });
      const instalments = plan.payments.slice(1).map((p) => p.amountCents);
      expect(sum(plan.payments)).toBe(total);
      expect(instalments).toHaveLength(months);
      expect(Math.max(...instalments) - Math.min(...instalments)).toBeLessThanOrEqual(1);
      expect(Math.min(...instalments)).toBeGreaterThan(0);
    }
  });

  it("falls due monthly, on the month's last day when the date does not exist", () => {
    const plan = planLaybySchedule({
      totalCents: 400_000,
      depositCents: 60_000,
      months: 6,
      startDay: "2027-08-31",
      minDepositCents: MIN,
    });
    expect(plan.payments.map((p) => p.dueDay)).toEqual([
      "2027-08-31",
      "2027-09-30",
      "2027-10-31",
      "2027-11-30",
      "2027-12-31",
      "2028-01-31",
      "2028-02-29",
    ]);
    expect(plan.endDay).toBe("2028-02-29");
    expect(plan.lapseDay > plan.endDay).toBe(true);
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
  });

  it("refuses terms the shop does not offer, with a message for the field", () => {
    const base = { startDay: "2026-11-24", minDepositCents: MIN };
    expect(
      checkLaybyTerms({ ...base, totalCents: 60_000, depositCents: 60_000, months: 3 }),
    ).toEqual([
      { field: "total", message: "Lay-by is for orders above R600, the smallest deposit." },
    ]);
    expect(
      checkLaybyTerms({ ...base, totalCents: 200_000, depositCents: 59_999, months: 3 }),
    ).toEqual([{ field: "deposit", message: "The deposit must be at least R600." }]);
    expect(
      checkLaybyTerms({ ...base, totalCents: 200_000, depositCents: 60_000, months: 7 }),
    ).toEqual([{ field: "months", message: "Choose 1 to 6 months." }]);
    expect(
      checkLaybyTerms({ ...base, totalCents: 200_000, depositCents: 60_000, months: 0 }),
    ).toHaveLength(1);
    expect(
      checkLaybyTerms({ ...base, totalCents: 200_000, depositCents: 199_999, months: 2 }),
    ).toEqual([
      {
        field: "deposit",
        message: "The deposit must leave something to pay in each month; pay in full instead.",
      },
    ]);
    expect(() =>
      planLaybySchedule({ ...base, totalCents: 200_000, depositCents: 100, months: 2 }),
    ).toThrow(RangeError);
  });
});

describe("cancelling a lay-by", () => {
  it.each([
    // goods' price, paid, setting (basis points), charge, refund
    [1_299_900, 60_000, 100, 12_999, 47_001],
    [1_299_900, 60_000, 50, 6_499, 53_501],
    [1_299_900, 60_000, 1_000, 12_999, 47_001], // a 10% setting is capped at 1%
    [1_299_900, 5_000, 100, 5_000, 0], // never more than was paid
    [1_299_900, 60_000, 0, 0, 60_000],
  ])("price %i, paid %i, setting %i bp: charge %i, refund %i", (full, paid, bp, charge, refund) => {
    const result = laybyCancellation({
      goods: { subtotalCents: full, discountCents: 0 },
      paidCents: paid,
      chargeBasisPoints: bp,
    });
    expect(result.chargeCents).toBe(charge);
    expect(result.refundCents).toBe(refund);
  });

  it("never charges above 1% of the goods' price, whatever the setting", () => {
    for (let full = 60_001; full < 6_000_000; full += 77_777) {
      for (const bp of [-50, 0, 1, 99, 100, 101, 250, 10_000]) {
        const { chargeCents, refundCents } = laybyCancellation({
          goods: { subtotalCents: full, discountCents: 0 },
          paidCents: full,
          chargeBasisPoints: bp,
        });
        expect(chargeCents).toBeLessThanOrEqual(full / 100);
        expect(chargeCents).toBeGreaterThanOrEqual(0);
        expect(chargeCents + refundCents).toBe(full);
      }
    }
  });

  it("waives the charge after hospitalisation or death and explains the sum", () => {
    const waived = laybyCancellation({
      goods: { subtotalCents: 1_299_900, discountCents: 0 },
      paidCents: 60_000,
      chargeBasisPoints: 100,
      rule: "hospitalisation_or_death",
    });
    expect(waived).toMatchObject({ chargeCents: 0, refundCents: 60_000 });
    const charged = laybyCancellation({
      goods: { subtotalCents: 1_299_900, discountCents: 0 },
      paidCents: 60_000,
      chargeBasisPoints: 100,
    });
    expect(charged.explanation.join(" ")).toBe(
      "Paid so far: R600.00. Cancellation charge: 1% of the price of the goods, R12,999.00 (delivery and add-ons not included) = R129.99. Refunded to you: R470.01.",
    );
  });

  it.each([
    {
      rule: "charge" as const,
      chargeCents: 12_999,
      words:
        "Cancellation charge: 1% of the price of the goods, R12,999.00 (delivery and add-ons not included) = R129.99.",
    },
    {
      rule: "hospitalisation_or_death" as const,
      chargeCents: 0,
      words: "No cancellation charge: the plan ended through hospitalisation or death.",
    },
    {
      rule: "shop_cannot_supply" as const,
      chargeCents: 0,
      words:
        "No cancellation charge: we cannot supply the goods (Consumer Protection Act s62(2)-(3)), so everything you paid comes back.",
    },
  ])("$rule: charge $chargeCents, the rest of R1,000 back", ({ rule, chargeCents, words }) => {
    const done = laybyCancellation({
      goods: { subtotalCents: 1_299_900, discountCents: 0 },
      paidCents: 100_000,
      chargeBasisPoints: 100,
      rule,
    });
    expect(done.chargeCents).toBe(chargeCents);
    expect(done.chargeCents + done.refundCents).toBe(100_000);
    expect(done.explanation).toContain(words);
  });
});

describe("the charge's basis (regulation 34: the purchase price of the goods)", () => {
  it("is the goods after their discount, without delivery or add-ons", () => {
    const done = laybyCancellation({
      goods: { subtotalCents: 900_000, discountCents: 90_000 },
      paidCents: 100_000,
      chargeBasisPoints: 100,
    });
    expect(done.chargeCents).toBe(8_100);
    expect(done.explanation).toContain(
      "Cancellation charge: 1% of the price of the goods after the discount, R8,100.00 (delivery and add-ons not included) = R81.00.",
    );
  });
});

describe("interest when the shop cannot supply (s62(3))", () => {
  it("is simple interest on each payment from its day, a year of 365 days, rounded once", () => {
    const payments = [
      { amountCents: 100_000, day: "2026-01-01" }, // 365 days: a full year
      { amountCents: 36_500, day: "2026-12-31" }, // one day
      { amountCents: 50_000, day: "2027-01-01" }, // the day itself: nothing
    ];
    // 10% of R1,000 for a year = R100; 10% of R365 for a day = R0.10.
    expect(laybyInterestCents({ payments, untilDay: "2027-01-01", basisPoints: 1_000 })).toBe(
      10_010,
    );
    expect(laybyInterestCents({ payments, untilDay: "2027-01-01", basisPoints: 0 })).toBe(0);
    // A payment dated after the day counts nothing, never less than nothing.
    expect(
      laybyInterestCents({
        payments: [{ amountCents: 100_000, day: "2027-02-01" }],
        untilDay: "2027-01-01",
        basisPoints: 1_000,
      }),
    ).toBe(0);
  });

  it("comes back on top of everything paid, only when the shop cannot supply", () => {
    const interest = { cents: 1_234, basisPoints: 1_175 };
    const goods = { subtotalCents: 900_000, discountCents: 0 };
    const cannot = laybyCancellation({
      goods,
      paidCents: 100_000,
      chargeBasisPoints: 100,
      rule: "shop_cannot_supply",
      interest,
    });
    expect(cannot).toMatchObject({ chargeCents: 0, refundCents: 100_000, interestCents: 1_234 });
    expect(cannot.explanation).toEqual([
      "Paid so far: R1,000.00.",
      "No cancellation charge: we cannot supply the goods (Consumer Protection Act s62(2)-(3)), so everything you paid comes back.",
      "Interest at 11.75% a year on each payment, from the day we received it to the day of cancellation: R12.34.",
      "Refunded to you: R1,012.34.",
    ]);
    for (const rule of ["charge", "hospitalisation_or_death"] as const) {
      const done = laybyCancellation({
        goods,
        paidCents: 100_000,
        chargeBasisPoints: 100,
        rule,
        interest,
      });
      expect(done.interestCents).toBe(0);
      expect(done.explanation.join(" ")).not.toContain("Interest");
    }
  });
});

describe("the lapse day and the shop's closed days", () => {
  const terms = {
    totalCents: 300_000,
    depositCents: 60_000,
    months: 1,
    startDay: "2026-11-24",
    minDepositCents: 60_000,
  };
  it("counts 60 business days past weekends, public holidays and the days the shop declares closed", () => {
    const plain = planLaybySchedule(terms);
    expect(plain.endDay).toBe("2026-12-24");
    // Without closed days: 60 business days after 24 December 2026 (the 25th, 26th and 1
    // January are public holidays).
    expect(plain.lapseDay).toBe("2027-03-23");
    // Two weekdays the shop is closed within the grace, and a Saturday (no business day anyway).
    const closed = planLaybySchedule({
      ...terms,
      closedDays: ["2026-12-28", "2027-01-02", "2027-01-04"],
    });
    expect(closed.lapseDay).toBe("2027-03-25");
    expect(laybyLapseDay("2026-12-24", ["2026-12-28", "2027-01-04"])).toBe("2027-03-25");
    // A closed day after the lapse day changes nothing.
    expect(laybyLapseDay("2026-12-24", ["2027-06-01"])).toBe(plain.lapseDay);
  });
});
