import { useEffect, useState } from "react";
import { MAX_PRICED_LINES } from "~/domain/cart/cart-lines";
import { refreshCartDetails, type CartLine } from "~/domain/cart/cart-store";
import type { CurrentCartLine } from "~/domain/cart/price-cart-lines.server";
import { SIZE_LABELS } from "~/domain/catalog/product-card";

export type CartCheck = {
  /** The shop's answer for each line it has answered for so far. */
  current: ReadonlyMap<number, CurrentCartLine>;
  /** Old price of each line whose price changed since it was added. */
  previousPrices: ReadonlyMap<number, number>;
  failed: boolean;
};

async function fetchCurrentLines(ids: number[], signal: AbortSignal): Promise<CurrentCartLine[]> {
  const batches: number[][] = [];
  for (let i = 0; i < ids.length; i += MAX_PRICED_LINES) {
    batches.push(ids.slice(i, i + MAX_PRICED_LINES));
  }
  const answers = await Promise.all(
    batches.map(async (variantIds) => {
      const response = await fetch("/api/cart-lines", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ variantIds }),
        signal,
      });
      if (!response.ok) throw new Error(`The price check answered ${response.status}.`);
      return ((await response.json()) as { lines: CurrentCartLine[] }).lines;
    }),
  );
  return answers.flat();
}

/**
 * Asks the shop for today's price and stock of every line it has not answered for yet, and
 * keeps the stored lines' prices up to date. The server decides again at checkout.
 */
export function useCurrentCartLines(lines: readonly CartLine[]): CartCheck {
  const [current, setCurrent] = useState<ReadonlyMap<number, CurrentCartLine>>(new Map());
  const [previousPrices, setPreviousPrices] = useState<ReadonlyMap<number, number>>(new Map());
  const [failed, setFailed] = useState(false);
  const unchecked = lines.filter((l) => !current.has(l.variantId)).map((l) => l.variantId);
  const uncheckedKey = unchecked.join(",");

  useEffect(() => {
    if (!uncheckedKey) return;
    const controller = new AbortController();
    fetchCurrentLines(uncheckedKey.split(",").map(Number), controller.signal)
      .then((fresh) => {
        const changed = refreshCartDetails(
          fresh.flatMap((c) =>
            c.sold
              ? [
                  {
                    variantId: c.variantId,
                    name: c.title,
                    image: c.image?.mediaKey,
                    size: SIZE_LABELS[c.size],
                    priceCents: c.priceCents,
                    originalPriceCents: c.originalPriceCents,
                  },
                ]
              : [],
          ),
        );
        setCurrent(
          (before) => new Map([...before, ...fresh.map((c) => [c.variantId, c] as const)]),
        );
        if (changed.size > 0) setPreviousPrices((before) => new Map([...before, ...changed]));
        setFailed(false);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [uncheckedKey]);

  return { current, previousPrices, failed };
}
