import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { formatMoney } from "~/lib/money";
import { ChartTable } from "./chart-table";

export type RevenuePoint = { bucket: string; label: string; revenueCents: number; orders: number };

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 72 };
const money = (cents: number) => formatMoney(cents, { cents: true });
const rands = (cents: number) => formatMoney(Math.round(cents / 100) * 100);

/**
 * Revenue over the period as bars, drawn as SVG on the server (visx computes the geometry; no
 * script is needed to see it) and scaled to its box. The table under it says the same in words.
 */
export function RevenueChart({ points, title }: { points: RevenuePoint[]; title: string }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({
    domain: points.map((p) => p.bucket),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const top = Math.max(...points.map((p) => p.revenueCents), 100);
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: true });
  const every = Math.max(1, Math.ceil(points.length / 8));
  const labels = new Map(points.map((p) => [p.bucket, p.label]));
  const total = points.reduce((n, p) => n + p.revenueCents, 0);
  const best = points.reduce<RevenuePoint | undefined>(
    (b, p) => (!b || p.revenueCents > b.revenueCents ? p : b),
    undefined,
  );
  const summary =
    total === 0
      ? "No revenue in this period."
      : `${money(total)} in all; the highest was ${money(best!.revenueCents)} on ${best!.label}.`;
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-muted-foreground"
        role="img"
        aria-label={`${title}. ${summary}`}
        data-testid="revenue-chart"
      >
        <Group left={MARGIN.left} top={MARGIN.top}>
          {points.map((p) => {
            const barHeight = innerHeight - (y(p.revenueCents) ?? innerHeight);
            return (
              <Bar
                key={p.bucket}
                x={x(p.bucket)}
                y={innerHeight - barHeight}
                width={x.bandwidth()}
                height={barHeight}
                className="fill-primary"
              >
                <title>{`${p.label}: ${money(p.revenueCents)}, ${p.orders} orders`}</title>
              </Bar>
            );
          })}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(v) => rands(Number(v))}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: "currentColor", fontSize: 11, textAnchor: "end" }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={points.filter((_, i) => i % every === 0).map((p) => p.bucket)}
            tickFormat={(v) => labels.get(String(v)) ?? String(v)}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: "currentColor", fontSize: 11, textAnchor: "middle" }}
          />
        </Group>
      </svg>
      <figcaption className="text-sm text-muted-foreground">{summary}</figcaption>
      <ChartTable
        summary={`${title} as a table`}
        head={["Period", "Orders", "Revenue"]}
        rows={points
          .filter((p) => p.orders > 0)
          .map((p) => [p.label, String(p.orders), money(p.revenueCents)])}
        empty="No paid orders in this period."
      />
    </figure>
  );
}
