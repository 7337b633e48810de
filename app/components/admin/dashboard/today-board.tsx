import { Link } from "react-router";
import { Card, CardContent, CardHeader } from "~/components/admin/ui/card";
import type { TodayCount, TodayItem } from "~/domain/reports/today-board.server";
import { formatLongDay } from "~/domain/delivery/day-names";
import { cn } from "~/lib/cn";

/** Each count's words, for one and for many. */
const WORDS: Record<TodayItem, readonly [one: string, many: string]> = {
  toBook: ["order to book", "orders to book"],
  quotes: ["delivery quote to give", "delivery quotes to give"],
  deliveries: ["delivery today", "deliveries today"],
  missed: ["visit not delivered today", "visits not delivered today"],
  owedBack: ["order owed money back", "orders owed money back"],
  reviews: ["review to moderate", "reviews to moderate"],
  consultations: ["new consultation request", "new consultation requests"],
  messages: ["new message", "new messages"],
  lowStock: ["stock level low", "stock levels low"],
};

/**
 * What waits for staff today, each count a link to the list that shows exactly those rows. The
 * count is part of the link's text ("3 orders to book"); a zero stays a link, shown quietly.
 */
export function TodayBoard({ day, counts }: { day: string; counts: readonly TodayCount[] }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <h2 id="today-heading" className="text-lg font-semibold">
          Today
        </h2>
        <p className="text-sm text-muted-foreground">{formatLongDay(day)}</p>
      </CardHeader>
      <CardContent>
        <ul
          aria-labelledby="today-heading"
          className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3"
          data-testid="today-board"
        >
          {counts.map(({ item, count, to }) => {
            const [one, many] = WORDS[item];
            const quiet = count === 0;
            return (
              <li key={item}>
                <Link
                  to={to}
                  data-testid={`today-${item}`}
                  className={cn(
                    "flex min-h-11 items-baseline gap-2 rounded-md border px-3 py-2 hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                    quiet ? "text-muted-foreground" : "border-primary/40 font-medium",
                  )}
                >
                  <span
                    className={cn("tabular-nums", quiet ? "text-base" : "text-xl font-bold")}
                    data-testid="today-count"
                  >
                    {count}
                  </span>{" "}
                  <span className="min-w-0 break-words">{count === 1 ? one : many}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
