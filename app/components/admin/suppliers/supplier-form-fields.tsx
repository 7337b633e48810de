import { Field, TextareaField } from "~/components/admin/field";
import type { FormDialogFields } from "~/components/admin/form-dialog";
import { DEFAULT_LEAD_TIME_DAYS, MAX_LEAD_TIME_DAYS } from "~/domain/purchasing/supplier-schemas";

/** What the edit dialog starts from; the add dialog starts empty with the default lead time. */
export type SupplierFormValues = {
  name: string;
  contactPerson: string;
  leadTimeDays: number | string;
  email: string;
  phone: string;
  address: string;
};

const EMPTY: SupplierFormValues = {
  name: "",
  contactPerson: "",
  leadTimeDays: DEFAULT_LEAD_TIME_DAYS,
  email: "",
  phone: "",
  address: "",
};

/**
 * The Add Supplier and Edit Supplier dialogs' fields. `idPrefix` keeps each dialog's ids apart
 * (every row has its own edit dialog).
 */
export function SupplierFormFields({
  form,
  initial = EMPTY,
  idPrefix,
}: {
  form: FormDialogFields;
  initial?: SupplierFormValues;
  idPrefix: string;
}) {
  const { errors, clearError, values } = form;
  const value = (name: keyof SupplierFormValues) => values[name] ?? String(initial[name]);
  const common = (name: keyof SupplierFormValues) => ({
    name,
    id: `${idPrefix}-${name}`,
    error: errors[name],
    onEdit: clearError,
    defaultValue: value(name),
  });
  return (
    <>
      <Field {...common("name")} label="Name" required maxLength={120} autoComplete="off" />
      <Field
        {...common("contactPerson")}
        label="Contact Person"
        maxLength={120}
        autoComplete="off"
      />
      <Field
        {...common("leadTimeDays")}
        label="Lead Time (days)"
        hint={`Days from ordering to delivery, 0 to ${MAX_LEAD_TIME_DAYS}.`}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_LEAD_TIME_DAYS}
        step={1}
        required
      />
      <Field
        {...common("email")}
        label="Email"
        hint="Purchase orders are sent here."
        type="email"
        maxLength={254}
        autoComplete="off"
      />
      <Field {...common("phone")} label="Phone" type="tel" maxLength={40} autoComplete="off" />
      <TextareaField {...common("address")} label="Address" rows={3} maxLength={300} />
    </>
  );
}
