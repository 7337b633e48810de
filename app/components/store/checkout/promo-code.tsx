import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/input";

/**
 * The checkout summary's promotion code: typed, applied (the quote checks it), removed. A code
 * the summary refuses stays applied until removed (placing the order checks it again), so the
 * reason shows with a Remove button.
 */
export function PromoCode({
  applied,
  pending = "",
  message,
  onApply,
}: {
  applied: string;
  /** The code the shopper applied, accepted or not; "" for none. */
  pending?: string;
  message: string | null;
  onApply: (code: string) => void;
}) {
  const [typed, setTyped] = useState("");
  const id = "field-promo";
  if (applied) {
    return (
      <div className="flex items-center justify-between gap-2 rounded-md bg-green-50 px-3 py-2 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
        <span>
          Code <strong>{applied}</strong> applied
        </span>
        <Button
          id="field-promo"
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => onApply("")}
        >
          Remove
        </Button>
      </div>
    );
  }
  return (
    <div>
      <Label htmlFor={id}>Promotion code</Label>
      <div className="mt-1.5 flex gap-2">
        <Input
          id={id}
          value={typed}
          maxLength={40}
          autoCapitalize="characters"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              onApply(typed.trim());
            }
          }}
        />
        <Button type="button" variant="outline" onClick={() => onApply(typed.trim())}>
          Apply
        </Button>
      </div>
      {message ? (
        <p id={`${id}-error`} role="alert" className="mt-1.5 text-sm text-destructive">
          {message}
        </p>
      ) : null}
      {pending ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-1"
          onClick={() => onApply("")}
        >
          Remove {pending.toUpperCase()}
        </Button>
      ) : null}
    </div>
  );
}
