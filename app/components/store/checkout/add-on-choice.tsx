import { clsx } from "clsx";
import { ADD_ONS, ADD_ON_TEXT, type AddOn, type AddOnChoice } from "~/domain/orders/add-ons";
import { formatMoney } from "~/lib/money";

/**
 * The delivery add-ons as checkboxes in checkout's delivery step, each with its fee (the
 * shop's today; the server prices the order again). Each box has its own name, "on" when
 * ticked, and its error under it.
 */
export function AddOnChoices({
  chosen,
  onChange,
  feeCents,
  errors,
}: {
  chosen: AddOnChoice;
  onChange: (next: AddOnChoice) => void;
  feeCents: Record<AddOn, number>;
  errors: Partial<Record<string, string>>;
}) {
  return (
    <fieldset className="mt-5" data-testid="add-ons">
      <legend className="text-sm font-medium">Add to your delivery (optional)</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        {ADD_ONS.map((addOn) => {
          const id = `field-${addOn}`;
          const error = errors[addOn];
          const text = ADD_ON_TEXT[addOn];
          return (
            <div key={addOn}>
              <label
                htmlFor={id}
                className={clsx(
                  "flex cursor-pointer items-start gap-3 rounded-lg border p-3",
                  chosen[addOn] && "border-primary ring-1 ring-primary",
                )}
              >
                <input
                  id={id}
                  type="checkbox"
                  name={addOn}
                  value="on"
                  checked={chosen[addOn]}
                  onChange={(event) => onChange({ ...chosen, [addOn]: event.target.checked })}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : `${id}-note`}
                  className="mt-1 size-4 accent-primary"
                />
                <span className="flex-1">
                  <span className="block font-medium">{text.label}</span>
                  <span id={`${id}-note`} className="block text-sm text-muted-foreground">
                    {text.note}
                  </span>
                </span>
                <span className="text-sm font-medium tabular-nums">
                  {formatMoney(feeCents[addOn])}
                </span>
              </label>
              {error ? (
                <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
