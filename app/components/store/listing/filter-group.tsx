import { Icon } from "~/components/store/icon";
import type { ReactNode } from "react";
import { formatCount } from "~/lib/numbers";
import type { CheckboxGroup } from "~/domain/catalog/listing-query";

/** A collapsible group, open at first; <details> folds without JavaScript too. */
export function FilterSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details open className="group border-b py-3 last:border-b-0">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 py-1 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        {title}
        <Icon
          name="chevron-down"
          className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="pt-2">{children}</div>
    </details>
  );
}

/**
 * One checkbox per option with its real count: how many products the search and the other
 * groups' choices would give with it. Options that would give none are shown but disabled.
 */
export function CheckboxFilterGroup({
  group,
  selected,
  counts: optionCounts,
  onToggle,
}: {
  group: CheckboxGroup;
  selected: readonly string[];
  counts: Record<string, number> | undefined;
  onToggle: (token: string, checked: boolean) => void;
}) {
  return (
    <FilterSection title={group.title}>
      <ul className="space-y-0.5">
        {group.options.map((option) => {
          const token = `${group.id}-${option.id}`;
          const checked = selected.includes(option.id);
          const count = optionCounts?.[option.id] ?? 0;
          const disabled = !checked && count === 0;
          return (
            <li key={option.id}>
              <label
                className={
                  disabled
                    ? "flex items-center gap-3 py-1.5 text-sm text-muted-foreground/70"
                    : "flex cursor-pointer items-center gap-3 rounded-md py-1.5 text-sm hover:text-primary"
                }
              >
                <input
                  type="checkbox"
                  name="f"
                  value={token}
                  checked={checked}
                  disabled={disabled}
                  onChange={(event) => onToggle(token, event.target.checked)}
                  className="size-4 shrink-0 accent-primary"
                />
                <span className="flex-1">{option.label}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  <span className="sr-only">, </span>({formatCount(count)}
                  <span className="sr-only"> products</span>)
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </FilterSection>
  );
}
