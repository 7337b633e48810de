import type { LucideIcon } from "lucide-react";
import { Card } from "~/components/admin/ui/card";

/** A summary figure; cards appear one after another, 100 ms apart (the specification). */
export function StatCard({
  title,
  value,
  note,
  icon: Icon,
  index = 0,
}: {
  title: string;
  value: string | number;
  note?: string;
  icon: LucideIcon;
  index?: number;
}) {
  return (
    <Card
      className="p-4 sm:p-5 motion-safe:animate-[admin-card-in_400ms_ease-out_both]"
      style={{ animationDelay: `${index * 100}ms` }}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{title}</p>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </div>
      <p
        className="mt-2 text-xl font-bold break-words sm:text-2xl"
        data-testid={`stat-${title.toLowerCase().replace(/\s+/g, "-")}`}
      >
        {value}
      </p>
      {note && <p className="mt-1 text-xs text-muted-foreground">{note}</p>}
    </Card>
  );
}
