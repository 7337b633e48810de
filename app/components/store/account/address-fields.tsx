import { DeliveryAddressFields } from "~/components/store/delivery-address-fields";
import { Input, Label } from "~/components/ui/input";

const PERSON = [
  { name: "label", label: "Name for this address (e.g. Home)", autoComplete: "off" },
  { name: "firstName", label: "First Name", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", autoComplete: "family-name" },
  { name: "phone", label: "Phone", autoComplete: "tel", type: "tel" },
] as const;

/**
 * A saved address's fields with their messages underneath: a name for it and who receives,
 * then the delivery address as checkout takes it. `prefix` keeps the ids of several forms on one
 * page apart.
 */
export function AddressFields({
  prefix,
  errors,
  values,
}: {
  prefix: string;
  errors: Record<string, string>;
  values: Record<string, unknown>;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        {PERSON.map((f) => {
          const id = `${prefix}-${f.name}`;
          const error = errors[f.name];
          return (
            <div key={f.name} className="space-y-1.5">
              <Label htmlFor={id}>
                {f.label}
                <span className="text-destructive"> *</span>
              </Label>
              <Input
                id={id}
                name={f.name}
                type={"type" in f ? f.type : "text"}
                required
                autoComplete={f.autoComplete}
                defaultValue={typeof values[f.name] === "string" ? (values[f.name] as string) : ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              {error ? (
                <p id={`${id}-error`} className="text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <DeliveryAddressFields idPrefix={prefix} errors={errors} values={values} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="isDefault"
          defaultChecked={values.isDefault === "on"}
          className="size-4 accent-primary"
        />
        Use as my default address
      </label>
    </>
  );
}
