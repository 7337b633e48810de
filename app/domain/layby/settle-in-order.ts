import { formatMoney } from "~/lib/money";

/**
 * How an amount received settles a lay-by's instalments (docs/decisions/044): the earliest
 * unpaid first, each paid whole while the amount covers it, the rest a part payment on the next
 * one. Pure: the showroom form, online payments and the tests share it.
 */

export type InstalmentOwed = { number: number; amountCents: number; paidCents: number };

/** What one payment did to one instalment: how much it paid of it, and what is left on it. */
export type InstalmentSettled = { number: number; appliedCents: number; leftCents: number };

/** What is left to pay on an instalment. */
export const leftOn = (i: Pick<InstalmentOwed, "amountCents" | "paidCents">) =>
  i.amountCents - i.paidCents;

/** What the plan still owes: what is left on each instalment, together. */
export const owedOn = (instalments: InstalmentOwed[]) =>
  instalments.reduce((sum, i) => sum + leftOn(i), 0);

/**
 * Spreads `amountCents` over the instalments in order of their number. Throws a RangeError for
 * an amount below one cent or above what is owed: callers check that first, with a message.
 */
export function settleInOrder(
  instalments: InstalmentOwed[],
  amountCents: number,
): InstalmentSettled[] {
  if (!Number.isInteger(amountCents) || amountCents < 1) {
    throw new RangeError("A payment is at least one cent.");
  }
  if (amountCents > owedOn(instalments)) {
    throw new RangeError("A payment cannot be more than the plan still owes.");
  }
  let rest = amountCents;
  const settled: InstalmentSettled[] = [];
  for (const i of [...instalments].sort((a, b) => a.number - b.number)) {
    if (rest === 0) break;
    const left = leftOn(i);
    if (left === 0) continue;
    const applied = Math.min(left, rest);
    rest -= applied;
    settled.push({ number: i.number, appliedCents: applied, leftCents: left - applied });
  }
  return settled;
}

const money = (cents: number) => formatMoney(cents, { cents: true });
const named = (number: number) => (number === 0 ? "the deposit" : `instalment ${number}`);

/**
 * What a payment settled, in words for the timeline, the receipt and staff's notice:
 * "the deposit and instalment 1 paid; R200.00 of instalment 2 paid, R1,200.00 left on it".
 */
export function settledWords(settled: InstalmentSettled[]): string {
  const whole = settled.filter((s) => s.leftCents === 0).map((s) => named(s.number));
  const part = settled.find((s) => s.leftCents > 0);
  const words: string[] = [];
  if (whole.length > 0) {
    const list =
      whole.length === 1 ? whole[0]! : `${whole.slice(0, -1).join(", ")} and ${whole.at(-1)!}`;
    words.push(`${list} paid`);
  }
  if (part) {
    words.push(
      `${money(part.appliedCents)} of ${named(part.number)} paid, ${money(part.leftCents)} left on it`,
    );
  }
  return words.join("; ");
}
