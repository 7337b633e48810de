import { clsx } from "clsx";
import { Icon } from "~/components/store/icon";
import { notify } from "~/lib/notify";
import { Button } from "~/components/ui/button";
import { addToCart } from "~/domain/cart/cart-store";
import {
  SIZE_LABELS,
  type ProductCardData,
  type ProductCardVariant,
} from "~/domain/catalog/product-card";

/** Puts one of the chosen size in the cart and says so; out-of-stock sizes cannot be added. */
export function AddToCartButton({
  product,
  variant,
  className,
}: {
  product: ProductCardData;
  variant: ProductCardVariant;
  className?: string;
}) {
  const outOfStock = variant.available <= 0;
  const name = product.title;

  function add() {
    const outcome = addToCart({
      variantId: variant.id,
      name,
      image: product.image?.mediaKey,
      size: SIZE_LABELS[variant.size],
      priceCents: variant.priceCents,
      originalPriceCents: variant.originalPriceCents ?? undefined,
    });
    if (outcome === "added") {
      notify.success("Added to Cart", { description: `${name} has been added to your cart` });
    } else {
      notify.success("Updated Cart", { description: `Increased quantity of ${name}` });
    }
  }

  return (
    <Button
      type="button"
      variant="accent"
      className={clsx("w-full", className)}
      disabled={outOfStock}
      onClick={add}
    >
      <Icon name="shopping-cart" />
      {outOfStock ? "Out of Stock" : "Add to Cart"}
    </Button>
  );
}
