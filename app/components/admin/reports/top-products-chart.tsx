import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { formatMoney } from "~/lib/money";
import { ChartTable } from "./chart-table";
import { useBoxWidth } from "./use-box-width";

export type ProductBar = { key: string; title: string; revenueCents: number; units: number };

/** The width drawn before the chart's box is measured (on the server). */
const DRAWN_WIDTH = 720;
const VALUE = 110;
/** Narrower than this, each product's name goes above its bar rather than beside it. */
const STACKED_BELOW = 520;
const money = (cents: number) => formatMoney(cents, { cents: true });

/**
 * The top products by revenue as horizontal bars with their names and amounts: server SVG,
 * redrawn for its box's width (names above the bars on a phone), text at 12-13 px.
 */
export function TopProductsChart({ products, title }: { products: ProductBar[]; title: string }) {
  const { ref, width } = useBoxWidth<HTMLElement>(DRAWN_WIDTH);
  const stacked = width < STACKED_BELOW;
  // Beside: the name in the first column; stacked: the name on its own line over the bar.
  const label = stacked ? 0 : Math.min(260, Math.round(width * 0.36));
  const row = stacked ? 52 : 40;
  const height = Math.max(products.length, 1) * row;
  const y = scaleBand({ domain: products.map((p) => p.key), range: [0, height], padding: 0.25 });
  const top = Math.max(...products.map((p) => p.revenueCents), 1);
  const x = scaleLinear({ domain: [0, top], range: [0, Math.max(width - label - VALUE, 40)] });
  const maxChars = Math.max(12, Math.floor((stacked ? width : label) / 7.5));
  const summary =
    products.length === 0
      ? "No products sold in this period."
      : products.map((p) => `${p.title} ${money(p.revenueCents)}`).join("; ");
  return (
    <figure className="space-y-2" ref={ref}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${title}. ${summary}`}
        data-testid="top-products-chart"
      >
        {products.map((p) => {
          const bandTop = y(p.key) ?? 0;
          // Stacked, the name sits on the band's top part and the bar below it.
          const barTop = stacked ? bandTop + 20 : bandTop;
          const barHeight = stacked ? Math.max(y.bandwidth() - 20, 8) : y.bandwidth();
          const middle = barTop + barHeight / 2;
          const barWidth = Math.max(x(p.revenueCents), 2);
          return (
            <Group key={p.key}>
              <text
                x={0}
                y={stacked ? bandTop + 4 : middle}
                dominantBaseline={stacked ? "hanging" : "middle"}
                fontSize={13}
                className="fill-foreground"
              >
                {p.title.length > maxChars ? `${p.title.slice(0, maxChars - 1)}…` : p.title}
              </text>
              <Bar
                x={label}
                y={barTop}
                width={barWidth}
                height={barHeight}
                className="fill-accent"
              />
              <text
                x={label + barWidth + 6}
                y={middle}
                dominantBaseline="middle"
                fontSize={12}
                className="fill-muted-foreground"
              >
                {money(p.revenueCents)}
              </text>
            </Group>
          );
        })}
      </svg>
      <ChartTable
        summary={`${title} as a table`}
        head={["Product", "Units", "Revenue"]}
        rows={products.map((p) => [p.title, String(p.units), money(p.revenueCents)])}
        empty="No products sold in this period."
      />
    </figure>
  );
}
