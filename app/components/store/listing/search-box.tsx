import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { Form } from "react-router";
import { Input } from "~/components/ui/input";
import { filterTokens } from "~/domain/catalog/listing-query";
import { HiddenFields } from "./hidden-fields";
import { useListing } from "./listing-context";

/** A GET form: a search keeps the applied filters and sort, and starts again at page one. */
export function SearchBox({ className }: { className?: string }) {
  const { config, applied } = useListing();
  return (
    <Form
      method="get"
      action={config.path}
      role="search"
      preventScrollReset
      className={clsx("relative", className)}
    >
      <HiddenFields query={applied} keep={["f", "sort"]} />
      <label htmlFor="listing-search" className="sr-only">
        {config.searchPlaceholder.replace("...", "")}
      </label>
      <Icon
        name="search"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        // A new search from elsewhere (a chip, Clear), or one whose words became filters,
        // resets the box to the URL's text.
        key={`${applied.q} ${applied.category} ${filterTokens(applied).join(" ")}`}
        id="listing-search"
        type="search"
        name="q"
        defaultValue={applied.q}
        placeholder={config.searchPlaceholder}
        enterKeyHint="search"
        className="pr-20 pl-9"
      />
      <button
        type="submit"
        className="absolute top-1 right-1 h-8 rounded-md bg-primary px-3 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Search
      </button>
    </Form>
  );
}
