import { useState, type KeyboardEvent } from "react";
import { PRICE_RANGE } from "~/domain/catalog/listing-query";
import { formatMoney } from "~/lib/money";

type Range = [number, number];

const FULL: Range = [PRICE_RANGE.min, PRICE_RANGE.max];

// Two range inputs on one track: only their thumbs take the pointer, so both can be dragged.
const thumb =
  "pointer-events-none absolute inset-0 h-6 w-full appearance-none bg-transparent focus-visible:outline-none " +
  "[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-primary [&::-webkit-slider-thumb]:bg-background [&::-webkit-slider-thumb]:shadow " +
  "[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-primary [&::-moz-range-thumb]:bg-background " +
  "focus-visible:[&::-webkit-slider-thumb]:ring-2 focus-visible:[&::-webkit-slider-thumb]:ring-ring";

const rand = (value: number) => formatMoney(value * 100);

const COMMIT_KEYS = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "Home",
  "End",
  "PageUp",
  "PageDown",
]);

/**
 * The price slider, 0 to 30,000 Rand in steps of 500. Moving a thumb updates the shown low and
 * high at once; the range is applied on release. Without JavaScript the form sends pmin/pmax.
 */
export function PriceRangeField({
  value,
  onCommit,
}: {
  /** Remount (key) to follow a change from outside, such as Clear All. */
  value: Range | null;
  onCommit: (range: Range | null) => void;
}) {
  const start = value ?? FULL;
  const [range, setRange] = useState<Range>(start);
  const [low, high] = range;

  function commit() {
    if (low === start[0] && high === start[1]) return;
    onCommit(low <= FULL[0] && high >= FULL[1] ? null : range);
  }
  const onKeyUp = (event: KeyboardEvent) => {
    if (COMMIT_KEYS.has(event.key)) commit();
  };
  const percent = (v: number) => ((v - FULL[0]) / (FULL[1] - FULL[0])) * 100;

  return (
    <div className="px-1">
      <p className="mb-3 flex justify-between text-sm font-medium tabular-nums" aria-live="polite">
        <span>{rand(low)}</span>
        <span aria-hidden>-</span>
        <span>{rand(high)}</span>
      </p>
      <div className="relative h-6">
        <div className="absolute top-1/2 h-1.5 w-full -translate-y-1/2 rounded-full bg-muted" />
        <div
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-primary"
          style={{ left: `${percent(low)}%`, right: `${100 - percent(high)}%` }}
        />
        <input
          type="range"
          name="pmin"
          aria-label="Lowest price"
          aria-valuetext={rand(low)}
          min={FULL[0]}
          max={FULL[1]}
          step={PRICE_RANGE.step}
          value={low}
          onChange={(e) => setRange([Math.min(Number(e.target.value), high), high])}
          onPointerUp={commit}
          onKeyUp={onKeyUp}
          className={thumb}
          // When the thumbs meet at the top end, the low one must stay reachable.
          style={low === high && low > FULL[1] / 2 ? { zIndex: 1 } : undefined}
        />
        <input
          type="range"
          name="pmax"
          aria-label="Highest price"
          aria-valuetext={rand(high)}
          min={FULL[0]}
          max={FULL[1]}
          step={PRICE_RANGE.step}
          value={high}
          onChange={(e) => setRange([low, Math.max(Number(e.target.value), low)])}
          onPointerUp={commit}
          onKeyUp={onKeyUp}
          className={thumb}
        />
      </div>
      <p className="mt-1 flex justify-between text-xs text-muted-foreground">
        <span>{rand(FULL[0])}</span>
        <span>{rand(FULL[1])}</span>
      </p>
    </div>
  );
}
