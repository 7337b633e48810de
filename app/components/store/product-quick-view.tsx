import { clsx } from "clsx";
import { useId, useState, type RefObject } from "react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { ProductCardData } from "~/domain/catalog/product-card";
import { AddToCartButton } from "./add-to-cart-button";
import { Price, RatingStars } from "./product-card";
import { Availability } from "./product-detail/availability";
import { ProductBadges } from "./product-detail/product-badges";
import { FreeDeliveryNote, LaybyAndDelivery } from "./product-detail/purchase-notes";
import { defaultVariant } from "./product-detail/selected-variant";
import {
  SizeOption,
  sizeOptionClass,
  sizeOptionSelectedClass,
  sizeOptionUnselectedClass,
} from "./product-detail/size-option";
import { ResponsiveImage } from "./responsive-image";

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
  const initial = defaultVariant(product.variants);
  const [selectedId, setSelectedId] = useState(initial?.id);
  const selected = product.variants.find((v) => v.id === selectedId) ?? initial;
  const sizeGroup = useId();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        box="max-w-3xl p-0"
        className="sm:grid-cols-2 sm:gap-0"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <div className="sm:py-6 sm:pl-6">
          <div className="aspect-[4/3] overflow-hidden bg-muted sm:rounded-lg">
            {product.image ? (
              <ResponsiveImage
                mediaKey={product.image.mediaKey}
                alt={product.image.alt}
                width={product.image.width}
                height={product.image.height}
                sizes="(min-width: 640px) 360px, 100vw"
                className="size-full object-cover"
              />
            ) : null}
          </div>
        </div>
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <DialogHeader>
            <ProductBadges badge={product.badge} isNew={product.isNew} />
            <DialogTitle>{product.title}</DialogTitle>
            <DialogDescription>{product.type}</DialogDescription>
            {product.reviewCount > 0 ? (
              <RatingStars rating={product.rating} reviewCount={product.reviewCount} />
            ) : null}
          </DialogHeader>

          {product.variants.length > 0 ? (
            <fieldset className="space-y-2">
              <legend className="mb-2 text-sm font-medium">Size</legend>
              {product.variants.map((v) => (
                <label
                  key={v.id}
                  className={clsx(
                    sizeOptionClass,
                    "cursor-pointer has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    v.id === selected?.id ? sizeOptionSelectedClass : sizeOptionUnselectedClass,
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
                  <SizeOption variant={v} />
                </label>
              ))}
            </fieldset>
          ) : null}

          {selected ? (
            <div className="space-y-1">
              <Price
                priceCents={selected.priceCents}
                originalPriceCents={selected.originalPriceCents}
              />
              <Availability available={selected.available} />
              <FreeDeliveryNote priceCents={selected.priceCents} />
            </div>
          ) : null}

          <LaybyAndDelivery laybyText={product.laybyText} deliveryText={product.deliveryText} />

          {product.description ? (
            <p className="text-sm leading-relaxed text-muted-foreground">{product.description}</p>
          ) : null}

          <div className="mt-auto grid gap-2 sm:grid-cols-2">
            {selected ? <AddToCartButton product={product} variant={selected} /> : null}
            <Link to="/contact" className={clsx(buttonClasses({ variant: "outline" }), "w-full")}>
              Contact Us
            </Link>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
