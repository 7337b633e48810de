import { Truck } from "lucide-react";
import { useId, useState, type RefObject } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import {
  availabilityLabel,
  LOW_STOCK_SHOWN_AT,
  SIZE_LABELS,
  type ProductCardData,
} from "~/domain/catalog/product-card";
import { cn } from "~/lib/cn";
import { mediaSrc, mediaSrcSet } from "~/lib/media";
import { formatMoney, percentOff } from "~/lib/money";
import { Price, RatingStars } from "./product-card";
import { useStoreSettings } from "./use-store-settings";

/** The product's details in a dialog: sizes with their prices and stock, lay-by and delivery. */
export function ProductQuickView({
  product,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  product: ProductCardData;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opened without a Radix trigger, the dialog is told where focus goes back to on closing. */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  const { freeDeliveryThresholdCents } = useStoreSettings();
  const initial = product.variants.find((v) => v.available > 0) ?? product.variants[0];
  const [selectedId, setSelectedId] = useState(initial?.id);
  const selected = product.variants.find((v) => v.id === selectedId) ?? initial;
  const sizeGroup = useId();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-3xl p-0 sm:grid-cols-2 sm:gap-0"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <div className="sm:py-6 sm:pl-6">
          <div className="aspect-[4/3] overflow-hidden bg-muted sm:rounded-lg">
            {product.image ? (
              <img
                src={mediaSrc(product.image.mediaKey, 640)}
                srcSet={mediaSrcSet(product.image.mediaKey)}
                sizes="(min-width: 640px) 360px, 100vw"
                width={product.image.width}
                height={product.image.height}
                alt={product.image.alt}
                className="size-full object-cover"
              />
            ) : null}
          </div>
        </div>
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <DialogHeader>
            <div className="flex flex-wrap gap-1.5">
              {product.badge ? <Badge variant="accent">{product.badge}</Badge> : null}
              {product.isNew ? <Badge>NEW</Badge> : null}
            </div>
            <DialogTitle>{product.title}</DialogTitle>
            <DialogDescription>{product.type}</DialogDescription>
            <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
          </DialogHeader>

          {product.variants.length > 0 ? (
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">Size</legend>
              {product.variants.map((v) => {
                const off = percentOff(v.priceCents, v.originalPriceCents);
                return (
                  <label
                    key={v.id}
                    className={cn(
                      "flex cursor-pointer items-center gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                      v.id === selected?.id && "border-primary bg-primary/5",
                    )}
                  >
                    <input
                      type="radio"
                      name={sizeGroup}
                      value={v.id}
                      checked={v.id === selected?.id}
                      onChange={() => setSelectedId(v.id)}
                      className="accent-primary"
                    />
                    <span className="font-medium">{SIZE_LABELS[v.size]}</span>
                    <span className="ml-auto flex flex-wrap items-baseline justify-end gap-x-2">
                      <span className="font-semibold">{formatMoney(v.priceCents)}</span>
                      {off > 0 && v.originalPriceCents ? (
                        <>
                          <s className="text-xs text-muted-foreground">
                            <span className="sr-only">was </span>
                            {formatMoney(v.originalPriceCents)}
                          </s>
                          <span className="text-xs font-semibold text-destructive">{off}% off</span>
                        </>
                      ) : null}
                    </span>
                  </label>
                );
              })}
            </fieldset>
          ) : null}

          {selected ? (
            <div className="space-y-1">
              <Price
                priceCents={selected.priceCents}
                originalPriceCents={selected.originalPriceCents}
              />
              <p
                className={cn(
                  "text-sm font-medium",
                  selected.available <= 0
                    ? "text-destructive"
                    : selected.available <= LOW_STOCK_SHOWN_AT
                      ? "text-amber-700 dark:text-amber-400"
                      : "text-green-700 dark:text-green-400",
                )}
              >
                {availabilityLabel(selected.available)}
              </p>
              {selected.priceCents >= freeDeliveryThresholdCents ? (
                <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
                  <Truck className="size-4" aria-hidden /> Free Delivery Included
                </p>
              ) : null}
            </div>
          ) : null}

          <dl className="space-y-1 text-sm">
            {product.laybyText ? (
              <div>
                <dt className="inline font-medium">Lay-by: </dt>
                <dd className="inline text-muted-foreground">{product.laybyText}</dd>
              </div>
            ) : null}
            {product.deliveryText ? (
              <div>
                <dt className="inline font-medium">Delivery: </dt>
                <dd className="inline text-muted-foreground">{product.deliveryText}</dd>
              </div>
            ) : null}
          </dl>

          {product.description ? (
            <p className="text-sm leading-relaxed text-muted-foreground">{product.description}</p>
          ) : null}

          <Link to="/contact" className={cn(buttonVariants(), "mt-auto w-full")}>
            Contact Us
          </Link>
        </div>
      </DialogContent>
    </Dialog>
  );
}
