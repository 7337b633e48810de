import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { formatMoney } from "~/lib/money";
import { ChartTable } from "./chart-table";

export type ProductBar = { key: string; title: string; revenueCents: number; units: number };

const WIDTH = 720;
const ROW = 40;
const LABEL = 260;
const VALUE = 110;
const money = (cents: number) => formatMoney(cents, { cents: true });

/** The top products by revenue as horizontal bars with their names and amounts, server SVG. */
export function TopProductsChart({ products, title }: { products: ProductBar[]; title: string }) {
  const height = Math.max(products.length, 1) * ROW;
  const y = scaleBand({ domain: products.map((p) => p.key), range: [0, height], padding: 0.25 });
  const top = Math.max(...products.map((p) => p.revenueCents), 1);
  const x = scaleLinear({ domain: [0, top], range: [0, WIDTH - LABEL - VALUE] });
  const summary =
    products.length === 0
      ? "No products sold in this period."
      : products.map((p) => `${p.title} ${money(p.revenueCents)}`).join("; ");
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-label={`${title}. ${summary}`}
        data-testid="top-products-chart"
      >
        {products.map((p) => {
          const top = y(p.key) ?? 0;
          const middle = top + y.bandwidth() / 2;
          return (
            <Group key={p.key}>
              <text
                x={0}
                y={middle}
                dominantBaseline="middle"
                fontSize={13}
                className="fill-foreground"
              >
                {p.title.length > 34 ? `${p.title.slice(0, 33)}…` : p.title}
              </text>
              <Bar
                x={LABEL}
                y={top}
                width={Math.max(x(p.revenueCents), 2)}
                height={y.bandwidth()}
                className="fill-accent"
              />
              <text
                x={LABEL + Math.max(x(p.revenueCents), 2) + 6}
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
