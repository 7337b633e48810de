import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { lazy, Suspense, useRef, useState, type MouseEvent } from "react";
import { buttonClasses } from "~/components/ui/button";
import { filterTokens } from "~/domain/catalog/listing-query";
import { HIGHEST_RATED_NOTE } from "~/domain/reviews/bayesian-rating";
import { useListing } from "./listing-context";
import { SearchBox } from "./search-box";
import { SortSelect } from "./sort-select";

// The drawer and sheet (and the dialog library) load when a shopper first reaches for them.
const loadDialogs = () => import("./filter-dialogs");
const FilterDrawer = lazy(() => loadDialogs().then((m) => ({ default: m.FilterDrawer })));
const FilterSheet = lazy(() => loadDialogs().then((m) => ({ default: m.FilterSheet })));

type Panel = "drawer" | "sheet";

/**
 * Search, sort and the ways to the filters: the "Sort & Filter" drawer on phones, the
 * "Filters" sheet on tablets and the Hide/Show Filters toggle of the desktop sidebar.
 * Without JavaScript, the first two are links to the filter form (#filters).
 */
export function ListingToolbar({
  sidebarOpen,
  onToggleSidebar,
}: {
  sidebarOpen: boolean;
  onToggleSidebar: () => void;
}) {
  const { query } = useListing();
  const count = filterTokens(query).length;
  const [open, setOpen] = useState<Panel | null>(null);
  const [mounted, setMounted] = useState<Panel[]>([]);
  // The dialogs open without a Radix trigger: focus goes back to the link that opened them.
  const openedFrom = useRef<HTMLElement | null>(null);

  const opener = (panel: Panel) => ({
    href: "#filters",
    "aria-haspopup": "dialog" as const,
    onPointerEnter: () => void loadDialogs(),
    onFocus: () => void loadDialogs(),
    onClick: (event: MouseEvent<HTMLElement>) => {
      event.preventDefault();
      openedFrom.current = event.currentTarget;
      setMounted((list) => (list.includes(panel) ? list : [...list, panel]));
      setOpen(panel);
    },
  });
  const onOpenChange = (panel: Panel) => (next: boolean) => setOpen(next ? panel : null);
  const badge =
    count > 0 ? (
      <span className="grid min-w-5 place-items-center rounded-full bg-primary px-1.5 text-xs font-bold text-primary-foreground">
        {count}
        <span className="sr-only"> {count === 1 ? "filter" : "filters"} applied</span>
      </span>
    ) : null;

  return (
    <>
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <SearchBox className="md:max-w-md md:flex-1" />
        <div className="flex items-center gap-2 md:ml-auto">
          <a
            {...opener("drawer")}
            className={clsx(buttonClasses({ variant: "outline", grow: true }), "md:hidden")}
          >
            <Icon name="sliders-horizontal" /> Sort &amp; Filter {badge}
          </a>
          <a
            {...opener("sheet")}
            className={clsx(
              buttonClasses({ variant: "outline", display: "hidden" }),
              "md:inline-flex lg:hidden",
            )}
          >
            <Icon name="sliders-horizontal" /> Filters {badge}
          </a>
          <button
            type="button"
            aria-controls="filters"
            aria-expanded={sidebarOpen}
            onClick={onToggleSidebar}
            className={clsx(
              buttonClasses({ variant: "outline", display: "hidden" }),
              "lg:inline-flex",
            )}
          >
            {sidebarOpen ? <Icon name="panel-left-close" /> : <Icon name="panel-left-open" />}
            {sidebarOpen ? "Hide Filters" : "Show Filters"}
          </button>
          <SortSelect className="hidden md:flex" />
        </div>
        <Suspense fallback={null}>
          {mounted.includes("drawer") ? (
            <FilterDrawer
              open={open === "drawer"}
              onOpenChange={onOpenChange("drawer")}
              returnFocusTo={openedFrom}
            />
          ) : null}
          {mounted.includes("sheet") ? (
            <FilterSheet
              open={open === "sheet"}
              onOpenChange={onOpenChange("sheet")}
              returnFocusTo={openedFrom}
            />
          ) : null}
        </Suspense>
      </div>
      {query.sort === "rating" ? (
        <p id="sort-note" className="mt-2 text-xs text-muted-foreground md:text-right">
          {HIGHEST_RATED_NOTE}
        </p>
      ) : null}
    </>
  );
}
