import { useState } from "react";
import { Field, SelectField, TextareaField } from "~/components/admin/field";
import type { FormDialogFields } from "~/components/admin/form-dialog";
import { SwitchField } from "~/components/admin/switch-field";
import { MONEY_INPUT } from "~/lib/money";
import { PromotionGoodsFields, type GoodsChoice } from "./promotion-goods-fields";
import {
  PROMOTION_CODE_MAX,
  PROMOTION_DESCRIPTION_MAX,
} from "~/domain/promotions/promotion-schemas";
import {
  PROMOTION_KIND_LABELS,
  PROMOTION_KINDS,
  type PromotionKind,
} from "~/domain/promotions/promotion-value";

/** What the edit dialog starts from; the create dialog starts empty, switched on. */
export type PromotionFormValues = {
  code: string;
  kind: PromotionKind;
  description: string;
  value: string;
  usageLimit: string;
  startDate: string;
  endDate: string;
  active: boolean;
  minSpend: string;
  oncePerCustomer: boolean;
  goods: GoodsChoice;
};

const EMPTY: PromotionFormValues = {
  code: "",
  kind: "percentage",
  description: "",
  value: "",
  usageLimit: "",
  startDate: "",
  endDate: "",
  active: true,
  minSpend: "",
  oncePerCustomer: false,
  goods: { categories: [], products: [] },
};

const VALUE_HINTS: Record<PromotionKind, string> = {
  percentage: "Percent off the subtotal, a whole number from 1 to 100.",
  fixed: "Rand off the subtotal, such as 500 or 249,50.",
};

/**
 * The Create Promotion and Edit Promotion dialogs' fields, in the specification's order.
 * `idPrefix` keeps each dialog's ids apart (every row has its own edit dialog).
 */
export function PromotionFormFields({
  form,
  initial = EMPTY,
  idPrefix,
}: {
  form: FormDialogFields;
  initial?: PromotionFormValues;
  idPrefix: string;
}) {
  const { errors, clearError, values } = form;
  type TextName = Exclude<keyof PromotionFormValues, "active" | "oncePerCustomer" | "goods">;
  const text = (name: TextName) => values[name] ?? initial[name];
  const common = (name: TextName) => ({
    name,
    id: `${idPrefix}-${name}`,
    error: errors[name],
    onEdit: clearError,
    defaultValue: text(name),
  });
  const [kind, setKind] = useState<PromotionKind>(
    values.kind === "fixed" || values.kind === "percentage" ? values.kind : initial.kind,
  );
  const active = values.code === undefined ? initial.active : values.active === "on";
  const oncePerCustomer =
    values.code === undefined ? initial.oncePerCustomer : values.oncePerCustomer === "on";
  return (
    <>
      <Field
        {...common("code")}
        label="Code"
        hint="Letters and digits only; shoppers may type it in any case."
        maxLength={PROMOTION_CODE_MAX}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono uppercase"
        required
      />
      <SelectField
        {...common("kind")}
        label="Discount Type"
        onChange={(event) => setKind(event.currentTarget.value as PromotionKind)}
      >
        {PROMOTION_KINDS.map((k) => (
          <option key={k} value={k}>
            {k === "fixed" ? "Fixed amount (Rand)" : PROMOTION_KIND_LABELS[k]}
          </option>
        ))}
      </SelectField>
      <TextareaField
        {...common("description")}
        label="Description"
        hint="What the shopper sees beside the discount at checkout."
        rows={2}
        maxLength={PROMOTION_DESCRIPTION_MAX}
      />
      <Field
        {...common("value")}
        label={kind === "percentage" ? "Discount Value (%)" : "Discount Value (R)"}
        hint={VALUE_HINTS[kind]}
        {...MONEY_INPUT}
        required
      />
      <Field
        {...common("usageLimit")}
        label="Usage Limit"
        hint="How many orders may use the code. Leave empty for no limit."
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          {...common("startDate")}
          label="Start Date"
          hint="From 00:00 SAST; empty: now."
          type="date"
        />
        <Field
          {...common("endDate")}
          label="End Date"
          hint="To 24:00 SAST; empty: no end."
          type="date"
        />
      </div>
      <Field
        {...common("minSpend")}
        label="Minimum Spend (R)"
        hint="What the goods must come to (only the goods chosen below, when you limit it), such as 5000 or 4999,50. Empty: no minimum."
        {...MONEY_INPUT}
      />
      <SwitchField
        name="oncePerCustomer"
        id={`${idPrefix}-oncePerCustomer`}
        label="One Use per Customer"
        hint="For signed-in shoppers, one order per account's confirmed address; a cancelled or expired order gives it back."
        defaultChecked={oncePerCustomer}
        error={errors.oncePerCustomer}
        onEdit={clearError}
      />
      <PromotionGoodsFields
        idPrefix={idPrefix}
        initial={initial.goods}
        errors={errors}
        onEdit={clearError}
      />
      <SwitchField
        name="active"
        id={`${idPrefix}-active`}
        label="Active"
        hint="Switched off, checkout refuses the code whatever its dates."
        defaultChecked={active}
        error={errors.active}
        onEdit={clearError}
      />
    </>
  );
}
