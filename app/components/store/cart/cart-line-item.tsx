import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { CartLine } from "~/domain/cart/cart-lines";
import type { CurrentCartLine } from "~/domain/cart/price-cart-lines.server";
import { mediaSrc } from "~/lib/media";
import { formatMoney, percentOff } from "~/lib/money";

/** One line of the cart: what it is, its price, how many, and what the shop says about it now. */
export function CartLineItem({
  line,
  current,
  previousPriceCents,
  onQuantityChange,
  onRemove,
}: {
  line: CartLine;
  /** The shop's answer about this line, once it has come. */
  current: CurrentCartLine | undefined;
  previousPriceCents: number | undefined;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}) {
  const gone = current?.sold === false;
  const available = current?.sold ? current.available : undefined;
  const off = percentOff(line.priceCents, line.originalPriceCents);

  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line">
      <div
        className={clsx(
          "size-20 shrink-0 overflow-hidden rounded-lg bg-muted sm:size-24",
          gone && "opacity-50",
        )}
      >
        {line.image ? (
          <img
            src={mediaSrc(line.image, 320)}
            width={96}
            height={96}
            alt=""
            decoding="async"
            className="size-full object-cover"
          />
        ) : null}
      </div>

      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 className={clsx("leading-snug font-semibold", gone && "text-muted-foreground")}>
              {current?.sold ? (
                <Link
                  to={`/products/${current.slug}`}
                  className="hover:text-primary hover:underline"
                >
                  {line.name}
                </Link>
              ) : (
                line.name
              )}
            </h2>
            {line.size ? <p className="text-sm text-muted-foreground">Size: {line.size}</p> : null}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="-mt-2 -mr-2 shrink-0 text-muted-foreground hover:text-destructive"
            aria-label={`Remove ${line.name} from cart`}
            onClick={onRemove}
          >
            <Icon name="trash" />
          </Button>
        </div>

        <p className={clsx("flex flex-wrap items-center gap-x-2 gap-y-1", gone && "opacity-60")}>
          <span className="font-bold text-primary">{formatMoney(line.priceCents)}</span>
          {off > 0 && line.originalPriceCents ? (
            <>
              <s className="text-sm text-muted-foreground">
                <span className="sr-only">was </span>
                {formatMoney(line.originalPriceCents)}
              </s>
              <Badge variant="destructive">{off}% off</Badge>
            </>
          ) : null}
        </p>

        <LineNotes
          gone={gone}
          available={available}
          quantity={line.quantity}
          previousPriceCents={previousPriceCents}
        />

        {gone ? null : (
          <div className="mt-1 flex items-center gap-1">
            <Button
              type="button"
              variant="outline"
              size="icon-sm"
              aria-label={`Decrease quantity of ${line.name}`}
              disabled={line.quantity <= 1}
              onClick={() => onQuantityChange(line.quantity - 1)}
            >
              <Icon name="minus" />
            </Button>
            <output
              aria-label={`Quantity of ${line.name}`}
              className="w-10 text-center font-medium tabular-nums"
            >
              {line.quantity}
            </output>
            <Button
              type="button"
              variant="outline"
              size="icon-sm"
              aria-label={`Increase quantity of ${line.name}`}
              onClick={() => onQuantityChange(line.quantity + 1)}
            >
              <Icon name="plus" />
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

function LineNotes({
  gone,
  available,
  quantity,
  previousPriceCents,
}: {
  gone: boolean;
  available: number | undefined;
  quantity: number;
  previousPriceCents: number | undefined;
}) {
  const notes: { text: string; tone: "warn" | "info" }[] = [];
  if (gone) notes.push({ text: "No longer available", tone: "warn" });
  else if (available === 0) notes.push({ text: "Out of stock", tone: "warn" });
  else if (available !== undefined && quantity > available) {
    notes.push({ text: `Only ${available} left`, tone: "warn" });
  }
  if (!gone && previousPriceCents !== undefined) {
    notes.push({ text: `Price updated from ${formatMoney(previousPriceCents)}`, tone: "info" });
  }
  if (notes.length === 0) return null;
  return (
    <ul className="space-y-0.5 text-sm font-medium">
      {notes.map((note) => (
        <li
          key={note.text}
          className={
            note.tone === "warn" ? "text-destructive" : "text-amber-700 dark:text-amber-400"
          }
        >
          {note.text}
        </li>
      ))}
    </ul>
  );
}
