import { useState } from "react";
import { Field } from "~/components/admin/field";
import type { FormDialogFields } from "~/components/admin/form-dialog";
import { PAID_BACK_REFERENCE_MAX, type PaidBackBy } from "~/domain/invoicing/refund-schemas";

const CHOICES: Record<PaidBackBy | "not_yet", string> = {
  eft: "By EFT from the shop's bank account",
  cash: "In cash at the shop",
  card: "By card at the till (a refund on the card machine)",
  not_yet: "Not paid back yet: record it on this page when it is",
};

const REFERENCE_LABELS: Record<PaidBackBy, string> = {
  eft: "EFT reference",
  cash: "Cash slip number",
  card: "Card slip reference",
};

/**
 * How a paid hand-made invoice's money went back by hand (`paidBackBy`): by EFT, in cash or by
 * card at the till, with the reference the bank, the cash book or the card machine shows
 * (`paidBackReference`); where `notYet` is offered, also "not paid back yet".
 */
export function PaidBackFields({
  form,
  legend,
  notYet = false,
}: {
  form: FormDialogFields;
  legend: string;
  notYet?: boolean;
}) {
  const { errors, clearError, values } = form;
  const [by, setBy] = useState<string>(values.paidBackBy ?? "eft");
  const choices = (Object.keys(CHOICES) as (PaidBackBy | "not_yet")[]).filter(
    (value) => notYet || value !== "not_yet",
  );
  const errorId = "field-paidBackBy-error";
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {choices.map((value) => (
        <label key={value} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="paidBackBy"
            value={value}
            checked={by === value}
            aria-describedby={errors.paidBackBy ? errorId : undefined}
            onChange={() => {
              setBy(value);
              clearError("paidBackBy");
            }}
          />
          {CHOICES[value]}
        </label>
      ))}
      {errors.paidBackBy && (
        <p id={errorId} className="text-sm text-destructive">
          {errors.paidBackBy}
        </p>
      )}
      {by !== "not_yet" && (
        <Field
          name="paidBackReference"
          label={REFERENCE_LABELS[by as PaidBackBy] ?? REFERENCE_LABELS.eft}
          maxLength={PAID_BACK_REFERENCE_MAX}
          autoComplete="off"
          defaultValue={values.paidBackReference ?? ""}
          error={errors.paidBackReference}
          onEdit={clearError}
        />
      )}
    </fieldset>
  );
}
