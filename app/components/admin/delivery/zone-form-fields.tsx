import type { ReactNode } from "react";
import { Field, TextareaField } from "~/components/admin/field";
import type { FormDialogFields } from "~/components/admin/form-dialog";
import type { ZoneRow } from "~/domain/delivery/zone-list";
import {
  MAX_DROPS_PER_DAY,
  MAX_LEAD_DAYS,
  provinceField,
  ZONE_WEEKDAYS,
} from "~/domain/delivery/zone-schemas";
import { amountInputValue } from "~/lib/money";
import { PROVINCE_NAMES, type Province } from "~/lib/provinces";

/** The dialog's text fields as they start: empty for a new zone, the zone's for an edit. */
function startValues(zone: ZoneRow | undefined): Record<string, string> {
  return {
    name: zone?.name ?? "",
    postalCodes: zone?.postalCodes.join(", ") ?? "",
    towns: zone?.towns.join(", ") ?? "",
    standardFee: amountInputValue(zone?.standardFeeCents),
    freeFrom: amountInputValue(zone?.freeFromCents),
    expressFee: amountInputValue(zone?.expressFeeCents),
    leadDays: String(zone?.leadDays ?? 3),
    dropsPerDay: String(zone?.dropsPerDay ?? 8),
    sortOrder: String(zone?.sortOrder ?? 0),
  };
}

/**
 * The Add Zone and Edit Zone dialogs' fields. `idPrefix` keeps each dialog's ids apart (every
 * row has its own edit dialog). Checkboxes start from the zone, or from what was sent.
 */
export function ZoneFormFields({
  form,
  initial,
  idPrefix,
}: {
  form: FormDialogFields;
  initial?: ZoneRow;
  idPrefix: string;
}) {
  const { errors, clearError, values } = form;
  const start = startValues(initial);
  const sent = Object.keys(values).length > 0;
  const common = (name: string) => ({
    name,
    id: `${idPrefix}-${name}`,
    error: errors[name],
    onEdit: clearError,
    defaultValue: values[name] ?? start[name],
  });
  const dayChecked = (field: string, day: number) =>
    sent ? values[field] === "on" : (initial?.weekdays ?? [1, 2, 3, 4, 5]).includes(day);
  const provinceChecked = (province: Province) =>
    sent
      ? values[provinceField(province)] === "on"
      : (initial?.provinces.includes(province) ?? false);
  return (
    <>
      <Field {...common("name")} label="Name" required maxLength={80} autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextareaField
          {...common("postalCodes")}
          label="Postal Codes"
          hint="Codes and ranges, by commas: 2740, 2741, 2700-2799."
          rows={2}
          maxLength={4000}
        />
        <TextareaField
          {...common("towns")}
          label="Towns"
          hint="By commas: Lichtenburg, Blydeville."
          rows={2}
          maxLength={4000}
        />
      </div>
      <CheckboxGroup
        legend="Whole provinces"
        hint="For the rest of a province: used when no postal code or town matches."
        error={undefined}
        columns="sm:grid-cols-3"
      >
        {PROVINCE_NAMES.map((p) => (
          <Check
            key={p}
            id={`${idPrefix}-${provinceField(p)}`}
            name={provinceField(p)}
            label={p}
            defaultChecked={provinceChecked(p)}
            onEdit={() => clearError("postalCodes")}
          />
        ))}
      </CheckboxGroup>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field {...common("standardFee")} label="Standard Fee (R)" required inputMode="decimal" />
        <Field
          {...common("freeFrom")}
          label="Free From (R)"
          hint="Empty: never free."
          inputMode="decimal"
        />
        <Field
          {...common("expressFee")}
          label="Express Fee (R)"
          hint="Empty: no express."
          inputMode="decimal"
        />
      </div>
      <CheckboxGroup
        legend="Days the truck goes"
        error={errors.weekdays}
        errorId={`${idPrefix}-weekdays-error`}
        columns="grid-cols-3 sm:grid-cols-6"
      >
        {ZONE_WEEKDAYS.map((d) => (
          <Check
            key={d.field}
            id={`${idPrefix}-${d.field}`}
            name={d.field}
            label={d.label}
            defaultChecked={dayChecked(d.field, d.day)}
            onEdit={() => clearError("weekdays")}
          />
        ))}
      </CheckboxGroup>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          {...common("leadDays")}
          label="Lead Days"
          hint={`Business days before the first delivery, 0 to ${MAX_LEAD_DAYS}.`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_LEAD_DAYS}
          required
        />
        <Field
          {...common("dropsPerDay")}
          label="Drops a Day"
          hint="Deliveries the truck makes there in a day."
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_DROPS_PER_DAY}
          required
        />
        <Field
          {...common("sortOrder")}
          label="Sort Order"
          hint="Lower wins between equal matches."
          type="number"
          inputMode="numeric"
          required
        />
      </div>
    </>
  );
}

function CheckboxGroup({
  legend,
  hint,
  error,
  errorId,
  columns,
  children,
}: {
  legend: string;
  hint?: string;
  error?: string;
  errorId?: string;
  columns: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="space-y-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <div className={`grid gap-2 ${columns}`}>{children}</div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function Check(props: {
  id: string;
  name: string;
  label: string;
  defaultChecked: boolean;
  onEdit: () => void;
}) {
  return (
    <label htmlFor={props.id} className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        id={props.id}
        name={props.name}
        defaultChecked={props.defaultChecked}
        onChange={props.onEdit}
        className="size-4 accent-primary"
      />
      {props.label}
    </label>
  );
}
