import { formatDateTime } from "~/lib/dates";

/** A purchase order's timeline, oldest first: what happened, who did it and when. */
export function PurchaseOrderTimeline({
  events,
}: {
  events: { id: number; message: string; who: string; createdAt: Date | string }[];
}) {
  return (
    <ol className="space-y-3 text-sm" data-testid="purchase-order-timeline">
      {events.map((e) => (
        <li key={e.id} className="border-l-2 pl-3">
          <p>{e.message}</p>
          <p className="text-xs text-muted-foreground">
            {e.who} ·{" "}
            <time dateTime={new Date(e.createdAt).toISOString()}>
              {formatDateTime(e.createdAt)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
