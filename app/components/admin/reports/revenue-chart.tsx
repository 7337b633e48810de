import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { formatMoney } from "~/lib/money";
import { ChartTable } from "./chart-table";
import { useBoxWidth } from "./use-box-width";

export type RevenuePoint = { bucket: string; label: string; revenueCents: number; orders: number };

/** The width drawn before the chart's box is measured (on the server). */
const DRAWN_WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 76 };
/** Axis text, in CSS pixels once the chart is drawn for its box. */
const FONT = 12;
/** Room each label of the time axis takes. */
const LABEL_ROOM = 84;
const money = (cents: number) => formatMoney(cents, { cents: true });
const rands = (cents: number) => formatMoney(Math.round(cents / 100) * 100);

/**
 * Revenue over the period as bars, drawn as SVG on the server (visx computes the geometry; no
 * script is needed to see it), then redrawn for the width of its box, so a phone gets fewer
 * labels at their true size rather than a shrunken desktop chart. The table under it says the
 * same in words.
 */
export function RevenueChart({ points, title }: { points: RevenuePoint[]; title: string }) {
  const { ref, width } = useBoxWidth<HTMLElement>(DRAWN_WIDTH);
  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 40);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({
    domain: points.map((p) => p.bucket),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const top = Math.max(...points.map((p) => p.revenueCents), 100);
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: true });
  const labelsFit = Math.max(2, Math.floor(innerWidth / LABEL_ROOM));
  const every = Math.max(1, Math.ceil(points.length / labelsFit));
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
    <figure className="space-y-2" ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${HEIGHT}`}
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
            numTicks={width < 480 ? 3 : 4}
            tickFormat={(v) => rands(Number(v))}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: "currentColor", fontSize: FONT, textAnchor: "end" }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={points.filter((_, i) => i % every === 0).map((p) => p.bucket)}
            tickFormat={(v) => labels.get(String(v)) ?? String(v)}
            stroke="currentColor"
            tickStroke="currentColor"
            tickLabelProps={{ fill: "currentColor", fontSize: FONT, textAnchor: "middle" }}
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
