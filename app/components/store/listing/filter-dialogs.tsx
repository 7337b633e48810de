import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useState, type ReactNode, type RefObject } from "react";
import { Button } from "~/components/ui/button";
import { filterTokens, withoutFilters } from "~/domain/catalog/listing-query";
import { FilterPanel } from "./filter-panel";
import { useListing } from "./listing-context";

// Loaded on first use (see filter-buttons.tsx), so pages ship no dialog code until then.

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened without a Radix trigger, the panel is told where focus goes back to on closing. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/** A panel sliding in from the bottom (phones) or the left (tablets). */
function EdgePanel({
  side,
  title,
  open,
  onOpenChange,
  returnFocusTo,
  footer,
  children,
}: DialogProps & {
  side: "bottom" | "left";
  title: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (!returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className={clsx(
            "fixed z-50 flex flex-col bg-background shadow-lg",
            side === "bottom"
              ? "inset-x-0 bottom-0 h-[85vh] rounded-t-2xl border-t sm:h-[90vh]"
              : "inset-y-0 left-0 h-full w-[22rem] max-w-[85vw] border-r",
          )}
        >
          {side === "bottom" ? (
            <div aria-hidden className="mx-auto mt-2 h-1.5 w-12 rounded-full bg-muted" />
          ) : null}
          <div className="flex items-center justify-between border-b px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className="grid size-9 place-items-center rounded-md hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
              <Icon name="x" className="size-5" />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          </div>
          <div className="flex-1 overflow-y-auto overscroll-contain px-4 py-2">{children}</div>
          <div className="flex gap-3 border-t p-4">{footer}</div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The phone's drawer: choices are staged and applied together by Apply Filters. */
export function FilterDrawer({ open, onOpenChange, returnFocusTo }: DialogProps) {
  const { applied, go } = useListing();
  const [staged, setStaged] = useState(applied);
  const [wasOpen, setWasOpen] = useState(false);
  // Each opening starts from what the page shows.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setStaged(applied);
  }
  return (
    <EdgePanel
      side="bottom"
      title="Sort & Filter"
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      footer={
        <>
          <Button
            type="button"
            variant="outline"
            grow
            disabled={filterTokens(staged).length === 0}
            onClick={() => setStaged(withoutFilters(staged))}
          >
            Clear All
          </Button>
          <Button
            type="button"
            grow
            onClick={() => {
              go({ ...staged, page: 1 });
              onOpenChange(false);
            }}
          >
            Apply Filters
          </Button>
        </>
      }
    >
      <FilterPanel query={staged} onChange={setStaged} sort="always" />
    </EdgePanel>
  );
}

/** The tablet's sheet: each choice applies at once, the list updates behind it. */
export function FilterSheet({ open, onOpenChange, returnFocusTo }: DialogProps) {
  const { query, go, result, pending } = useListing();
  return (
    <EdgePanel
      side="left"
      title="Filters"
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      footer={
        <Button type="button" grow onClick={() => onOpenChange(false)}>
          {pending
            ? "Updating..."
            : `Show ${result.total} ${result.total === 1 ? "product" : "products"}`}
        </Button>
      }
    >
      <FilterPanel query={query} onChange={go} />
    </EdgePanel>
  );
}
