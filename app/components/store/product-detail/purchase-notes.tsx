import { Icon } from "~/components/store/icon";
import { useStoreSettings } from "~/components/store/use-store-settings";

/** "Free Delivery Included" for a price at or above the shop's free-delivery threshold. */
export function FreeDeliveryNote({ priceCents }: { priceCents: number }) {
  const { freeDeliveryThresholdCents } = useStoreSettings();
  if (priceCents < freeDeliveryThresholdCents) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
      <Icon name="truck" className="size-4" /> Free Delivery Included
    </p>
  );
}

/** The product's lay-by and delivery terms, when it has them. */
export function LaybyAndDelivery({
  laybyText,
  deliveryText,
}: {
  laybyText: string;
  deliveryText: string;
}) {
  if (!laybyText && !deliveryText) return null;
  return (
    <dl className="space-y-1 text-sm">
      {laybyText ? (
        <div>
          <dt className="inline font-medium">Lay-by: </dt>
          <dd className="inline text-muted-foreground">{laybyText}</dd>
        </div>
      ) : null}
      {deliveryText ? (
        <div>
          <dt className="inline font-medium">Delivery: </dt>
          <dd className="inline text-muted-foreground">{deliveryText}</dd>
        </div>
      ) : null}
    </dl>
  );
}
