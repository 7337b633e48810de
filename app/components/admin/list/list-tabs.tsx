import { NavLink } from "react-router";
import { cn } from "~/lib/cn";

export type ListTab = {
  /** The tab's own address: a tab is a link, so it can be shared, reloaded and opened by Tab/Enter. */
  to: string;
  label: string;
  /** A figure shown beside the label when above zero ("3"), and what it counts for screen readers. */
  count?: number;
  countLabel?: string;
  /** Marked only on its own address, not on the addresses below it (a section's first tab). */
  end?: boolean;
};

/**
 * A resource's lists side by side, as links styled as tabs (44 px tall on a phone, for a thumb);
 * the current one is marked.
 */
export function ListTabs({ label, tabs }: { label: string; tabs: readonly ListTab[] }) {
  return (
    <nav
      aria-label={label}
      className="inline-flex flex-wrap items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground"
    >
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn(
              "inline-flex h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors md:h-8 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              isActive && "bg-background text-foreground shadow-sm",
            )
          }
        >
          {tab.label}
          {tab.count ? (
            <span className="rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground">
              {tab.count}
              {tab.countLabel ? <span className="sr-only"> {tab.countLabel}</span> : null}
            </span>
          ) : null}
        </NavLink>
      ))}
    </nav>
  );
}
