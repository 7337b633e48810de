import { clsx } from "clsx";
import { Input, Label, NativeSelect } from "~/components/ui/input";
import { chargeAtRateCents, chargePercentText } from "~/domain/layby/cancellation";
import { LAYBY_GRACE_BUSINESS_DAYS, LAYBY_MAX_MONTHS } from "~/domain/layby/limits";
import { checkLaybyTerms, planLaybySchedule } from "~/domain/layby/schedule";
import { LaybyScheduleTable } from "~/components/store/layby-schedule-table";
import { formatDay } from "~/lib/dates";
import { AMOUNT_MESSAGE, formatMoney, MONEY_INPUT, parseAmount } from "~/lib/money";
import type { LaybyQuote } from "./use-checkout-quote";

export type PlanChoice = "full" | "layby";

const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * The checkout's choice between paying in full and a lay-by (docs/decisions/027): the deposit
 * and months, then the schedule to the cent and the cancellation charge, shown before the
 * shopper commits. The schedule is worked out here from the quote's total and again by the
 * server when the order is placed.
 */
export function LaybyOption({
  plan,
  onPlan,
  deposit,
  onDeposit,
  months,
  onMonths,
  totalCents,
  terms,
  errors,
  refusedBecause,
}: {
  plan: PlanChoice;
  onPlan: (plan: PlanChoice) => void;
  deposit: string;
  onDeposit: (text: string) => void;
  months: string;
  onMonths: (text: string) => void;
  /** The quote's total; null until the shop has priced the cart. */
  totalCents: number | null;
  terms: LaybyQuote | null;
  errors: Record<string, string | undefined>;
  /** Why lay-by cannot be chosen for this order whatever its total (a delivery to be quoted). */
  refusedBecause?: string;
}) {
  const minDeposit = terms?.minDepositCents ?? 60_000;
  const available = !refusedBecause && (totalCents === null || totalCents > minDeposit);
  // The server's parser itself (no zod): the checkout page does not load the schemas up front.
  const depositCents = parseAmount(deposit);
  const laybyTerms =
    terms && totalCents !== null && depositCents !== null
      ? {
          totalCents,
          depositCents,
          months: Number(months),
          startDay: terms.startDay,
          minDepositCents: minDeposit,
          closedDays: terms.closedDays,
        }
      : null;
  const problems = laybyTerms ? checkLaybyTerms(laybyTerms) : [];
  const schedule = laybyTerms && problems.length === 0 ? planLaybySchedule(laybyTerms) : null;
  const live = (field: "deposit" | "months") => problems.find((p) => p.field === field)?.message;
  const depositError =
    errors.laybyDeposit ??
    (deposit && depositCents === null ? AMOUNT_MESSAGE : undefined) ??
    live("deposit");
  const monthsError = errors.laybyMonths ?? live("months");

  return (
    <fieldset className="mb-5">
      <legend className="text-sm font-medium">How would you like to pay?</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <PlanRadio
          value="full"
          checked={plan === "full"}
          onChange={() => onPlan("full")}
          title="Pay in full"
          note="Pay the whole order now"
        />
        <PlanRadio
          value="layby"
          checked={plan === "layby"}
          disabled={!available}
          onChange={() => onPlan("layby")}
          title={`Lay-by: from a ${formatMoney(minDeposit)} deposit over up to ${LAYBY_MAX_MONTHS} months`}
          note={
            available
              ? "We keep your goods while you pay, then deliver them"
              : (refusedBecause ?? `For orders above ${formatMoney(minDeposit)}`)
          }
        />
      </div>
      {errors.plan ? (
        <p id="field-plan" tabIndex={-1} className="mt-2 text-sm text-destructive">
          {errors.plan}
        </p>
      ) : null}
      {plan === "layby" ? (
        <div className="mt-4 space-y-4 rounded-lg border p-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="field-laybyDeposit">Deposit (Rand)</Label>
              <Input
                id="field-laybyDeposit"
                name="laybyDeposit"
                {...MONEY_INPUT}
                value={deposit}
                onChange={(e) => onDeposit(e.target.value)}
                aria-invalid={depositError ? true : undefined}
                aria-describedby="field-laybyDeposit-note"
              />
              <p
                id="field-laybyDeposit-note"
                className={clsx(
                  "text-sm",
                  depositError ? "text-destructive" : "text-muted-foreground",
                )}
              >
                {depositError ?? `At least ${formatMoney(minDeposit)}, paid today.`}
              </p>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="field-laybyMonths">Months to pay the rest</Label>
              <NativeSelect
                id="field-laybyMonths"
                name="laybyMonths"
                value={months}
                onChange={(e) => onMonths(e.target.value)}
                aria-invalid={monthsError ? true : undefined}
                aria-describedby={monthsError ? `field-laybyMonths-error` : undefined}
              >
                {Array.from({ length: LAYBY_MAX_MONTHS }, (_, i) => String(i + 1)).map((m) => (
                  <option key={m} value={m}>
                    {m} {m === "1" ? "month" : "months"}
                  </option>
                ))}
              </NativeSelect>
              {monthsError ? (
                <p id="field-laybyMonths-error" className="text-sm text-destructive">
                  {monthsError}
                </p>
              ) : null}
            </div>
          </div>
          {schedule && terms ? (
            <LaybySchedule
              schedule={schedule}
              chargeBasisPoints={terms.chargeBasisPoints}
              goodsCents={terms.goodsCents}
            />
          ) : (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              Your payment schedule appears here once the deposit and months are set.
            </p>
          )}
        </div>
      ) : null}
    </fieldset>
  );
}

function LaybySchedule({
  schedule,
  chargeBasisPoints,
  goodsCents,
}: {
  schedule: ReturnType<typeof planLaybySchedule>;
  chargeBasisPoints: number;
  goodsCents: number;
}) {
  const charge = chargeAtRateCents(goodsCents, chargeBasisPoints);
  return (
    <div aria-live="polite">
      <LaybyScheduleTable
        payments={schedule.payments}
        caption="Your lay-by schedule"
        showCaption
        depositLabel="Deposit (today)"
        totalCents={schedule.totalCents}
      />
      <p className="mt-3 text-sm text-muted-foreground">
        We keep your goods for you until the last payment, then deliver them. If you cancel before
        paying in full, or have not paid in full {LAYBY_GRACE_BUSINESS_DAYS} business days after the
        last due day (by {formatDay(schedule.lapseDay)}), the plan is cancelled and we refund what
        you paid less a cancellation charge of {chargePercentText(chargeBasisPoints)} of the price
        of the goods, delivery and add-ons not included ({money(charge)}), never more than you have
        paid. There is no charge if you cannot complete the plan because of hospitalisation or
        death.
      </p>
    </div>
  );
}

function PlanRadio(props: {
  value: PlanChoice;
  checked: boolean;
  disabled?: boolean;
  onChange: () => void;
  title: string;
  note: string;
}) {
  return (
    <label
      className={clsx(
        "flex items-start gap-3 rounded-lg border p-3",
        props.disabled ? "cursor-not-allowed" : "cursor-pointer",
        props.checked && "border-primary ring-1 ring-primary",
      )}
    >
      <input
        type="radio"
        name="plan"
        value={props.value}
        checked={props.checked}
        disabled={props.disabled}
        onChange={props.onChange}
        className="mt-1 size-4 accent-primary"
      />
      <span className="flex-1">
        <span className="block font-medium">{props.title}</span>
        <span className="block text-sm text-muted-foreground">{props.note}</span>
      </span>
    </label>
  );
}
