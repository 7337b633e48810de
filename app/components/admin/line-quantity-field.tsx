import type { ReactNode } from "react";
import { Input, Label } from "~/components/admin/ui/input";
import { lineFieldAria, LineFieldMessage } from "./line-field";
import type { FieldErrors } from "~/lib/forms";

/**
 * How many of one line a form takes (received goods, refunded goods): the line named on the
 * left with a note under it, the quantity on the right, its message underneath.
 */
export function LineQuantityField({
  name,
  label,
  note,
  defaultValue,
  errors,
  disabled,
  onEdit,
}: {
  name: string;
  label: ReactNode;
  note: string;
  defaultValue: string;
  errors: FieldErrors;
  disabled?: boolean;
  onEdit: () => void;
}) {
  return (
    <li className="grid gap-1.5 sm:grid-cols-[minmax(0,1fr)_8rem] sm:items-center">
      <Label htmlFor={`field-${name}`} className="leading-snug">
        {label}
        <span className="block text-xs font-normal text-muted-foreground">{note}</span>
      </Label>
      <Input
        id={`field-${name}`}
        name={name}
        inputMode="numeric"
        defaultValue={defaultValue}
        disabled={disabled}
        onInput={onEdit}
        {...lineFieldAria(errors, name)}
      />
      <div className="sm:col-span-2">
        <LineFieldMessage errors={errors} name={name} />
      </div>
    </li>
  );
}
