import { clsx } from "clsx";
import type { ReactNode } from "react";
import { Input, Label, NativeSelect, Textarea } from "~/components/ui/input";
import { ACCESS_NOTES_MAX, formatSaMobile } from "~/domain/addresses/address-checks";
import { HOME_PROVINCE, PROVINCES } from "~/lib/provinces";

type FieldSpec = {
  name: string;
  label: string;
  required?: boolean;
  hint?: string;
  wide?: boolean;
  autoComplete?: string;
  inputMode?: "numeric" | "tel";
  type?: "tel";
  maxLength?: number;
};

const STREET: FieldSpec = {
  name: "address",
  label: "Street Address",
  required: true,
  wide: true,
  autoComplete: "address-line1",
};
const COMPLEX: FieldSpec = {
  name: "complex",
  label: "Complex / Estate and Unit (optional)",
  hint: "For example: Unit 4, Protea Gardens.",
  autoComplete: "address-line2",
  maxLength: 120,
};
const SUBURB: FieldSpec = {
  name: "suburb",
  label: "Suburb (optional)",
  autoComplete: "address-level3",
  maxLength: 100,
};
const TOWN: FieldSpec = {
  name: "city",
  label: "City / Town",
  required: true,
  autoComplete: "address-level2",
};
const POSTAL: FieldSpec = {
  name: "postal",
  label: "Postal Code",
  required: true,
  hint: "Four digits, such as 2740.",
  autoComplete: "postal-code",
  inputMode: "numeric",
};
const MOBILE: FieldSpec = {
  name: "deliveryMobile",
  label: "Delivery Contact Mobile (optional)",
  hint: "Who our driver calls on the day, if not the number above. Such as 082 555 0101.",
  type: "tel",
  inputMode: "tel",
  autoComplete: "off",
  maxLength: 40,
};

/**
 * A South African delivery address's fields (app/domain/addresses), the same at checkout and
 * in the account's address book: street, complex and unit, suburb, town, province, postal code,
 * the delivery contact's mobile and access instructions. Each field has its message underneath;
 * `idPrefix` keeps several forms on one page apart.
 */
export function DeliveryAddressFields({
  idPrefix,
  errors,
  values,
}: {
  idPrefix: string;
  errors: Record<string, string | undefined>;
  /** What to show: typed values sent back, or a saved address (province null: not yet given). */
  values: Record<string, unknown>;
}) {
  const text = (name: string) => {
    const value = values[name];
    if (name === "deliveryMobile" && typeof value === "string") return formatSaMobile(value);
    return typeof value === "string" ? value : "";
  };
  const field = (spec: FieldSpec) => (
    <Field key={spec.name} spec={spec} idPrefix={idPrefix} error={errors[spec.name]}>
      {(props) => (
        <Input
          {...props}
          type={spec.type ?? "text"}
          autoComplete={spec.autoComplete}
          inputMode={spec.inputMode}
          maxLength={spec.maxLength}
          defaultValue={text(spec.name)}
        />
      )}
    </Field>
  );
  // A new address starts in the shop's home province; a saved one from before provinces were
  // asked (null) starts unchosen, so the shopper says which rather than the form guessing.
  const province =
    typeof values.province === "string"
      ? values.province
      : values.province === null
        ? ""
        : HOME_PROVINCE;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {field(STREET)}
      {field(COMPLEX)}
      {field(SUBURB)}
      {field(TOWN)}
      <Field
        spec={{ name: "province", label: "Province", required: true }}
        idPrefix={idPrefix}
        error={errors.province}
      >
        {(props) => (
          <NativeSelect {...props} autoComplete="address-level1" defaultValue={province}>
            <option value="">Choose a province</option>
            {PROVINCES.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {field(POSTAL)}
      {field(MOBILE)}
      <Field
        spec={{
          name: "accessNotes",
          label: "Access Instructions (optional)",
          hint: `Gate code, which house, where to park: only for our driver (up to ${ACCESS_NOTES_MAX} characters).`,
          wide: true,
        }}
        idPrefix={idPrefix}
        error={errors.accessNotes}
      >
        {(props) => (
          <Textarea
            {...props}
            rows={2}
            maxLength={ACCESS_NOTES_MAX}
            defaultValue={text("accessNotes")}
          />
        )}
      </Field>
    </div>
  );
}

type ControlProps = {
  id: string;
  name: string;
  required?: boolean;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
};

function Field({
  spec,
  idPrefix,
  error,
  children,
}: {
  spec: FieldSpec;
  idPrefix: string;
  error?: string;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = `${idPrefix}-${spec.name}`;
  const hintId = spec.hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={clsx("space-y-1.5", spec.wide && "sm:col-span-2")}>
      <Label htmlFor={id}>
        {spec.label}
        {spec.required && <span className="text-destructive"> *</span>}
      </Label>
      {children({
        id,
        name: spec.name,
        required: spec.required,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
      })}
      {spec.hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {spec.hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
