import { useEffect, useId, useRef, useState } from "react";
import { Input, Label } from "~/components/admin/ui/input";
import type { CustomerSuggestion } from "~/domain/customers/customer-list";

/**
 * Picks an existing customer for a hand-made invoice: what is typed (two characters or more,
 * after a short pause) is looked up at /admin/customers/suggestions and offered as the browser's
 * own list (a datalist, reached with the arrow keys); choosing one, or typing a suggested e-mail
 * in full, hands their buyer details to `onPick`. The field itself is not sent with the form.
 */
export function CustomerPicker({ onPick }: { onPick: (customer: CustomerSuggestion) => void }) {
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<AbortController>(undefined);
  const known = useRef(new Map<string, CustomerSuggestion>());
  const [suggestions, setSuggestions] = useState<CustomerSuggestion[]>([]);
  const [picked, setPicked] = useState("");

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  async function load(q: string) {
    pending.current?.abort();
    const controller = (pending.current = new AbortController());
    try {
      const response = await fetch(`/admin/customers/suggestions?q=${encodeURIComponent(q)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      });
      if (!response.ok) return;
      const { customers } = (await response.json()) as { customers: CustomerSuggestion[] };
      for (const c of customers) known.current.set(c.email, c);
      setSuggestions(customers);
    } catch {
      // Aborted by newer typing, or offline: the buyer's fields can still be typed.
    }
  }

  function onInput(text: string) {
    const chosen = known.current.get(text.trim().toLowerCase());
    if (chosen) {
      onPick(chosen);
      setPicked(`The buyer is filled in from ${chosen.name || chosen.email}'s details.`);
      return;
    }
    setPicked("");
    clearTimeout(timer.current);
    const q = text.trim();
    if (q.length < 2) return;
    timer.current = setTimeout(() => void load(q), 150);
  }

  return (
    <div className="space-y-1.5 md:col-span-2">
      <Label htmlFor={id}>Existing customer</Label>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Type a name, e-mail or phone and choose them to fill in the buyer; or type a new buyer
        below.
      </p>
      <Input
        id={id}
        type="search"
        list={`${id}-list`}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search customers..."
        aria-describedby={`${id}-hint ${id}-picked`}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      <datalist id={`${id}-list`}>
        {suggestions.map((c) => (
          <option key={c.ref} value={c.email}>
            {[c.name, c.phone].filter(Boolean).join(" · ")}
          </option>
        ))}
      </datalist>
      <p id={`${id}-picked`} role="status" className="text-sm text-muted-foreground">
        {picked}
      </p>
    </div>
  );
}
