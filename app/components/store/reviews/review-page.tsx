import type { ReactNode } from "react";
import { Icon } from "~/components/store/icon";
import type { IconName } from "~/components/store/icon-names";
import { ResponsiveImage } from "~/components/store/responsive-image";
import { Card } from "~/components/ui/card";

export type ReviewedProduct = {
  title: string;
  slug: string;
  size?: string;
  image: { mediaKey: string; alt: string; width: number; height: number } | null;
};

/** The review pages' frame: a heading, and the product the review is about when there is one. */
export function ReviewPage({
  title,
  product,
  children,
}: {
  title: string;
  product?: ReviewedProduct;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      {product && (
        <div className="mt-6 flex items-center gap-4">
          {product.image && (
            <div className="size-24 shrink-0 overflow-hidden rounded-md border bg-muted">
              <ResponsiveImage
                mediaKey={product.image.mediaKey}
                alt={product.image.alt}
                width={product.image.width}
                height={product.image.height}
                sizes="96px"
                className="size-full object-cover"
              />
            </div>
          )}
          <div>
            <p className="text-sm text-muted-foreground">Your review of</p>
            <p className="text-lg font-semibold">
              <a href={`/products/${product.slug}`} className="hover:underline">
                {product.title}
              </a>
            </p>
            {product.size && <p className="text-sm text-muted-foreground">{product.size}</p>}
          </div>
        </div>
      )}
      <Card className="mt-6 p-5 md:p-6">{children}</Card>
    </div>
  );
}

/** A page's one message (thank you, a used or unknown link, a refusal), with where to go next. */
export function ReviewMessage({
  icon,
  heading,
  children,
  tone = "info",
}: {
  icon: IconName;
  heading: string;
  children: ReactNode;
  tone?: "info" | "done" | "refused";
}) {
  return (
    <div role={tone === "refused" ? "alert" : "status"} className="flex gap-3">
      <Icon
        name={icon}
        className={
          tone === "refused"
            ? "mt-0.5 size-6 shrink-0 text-destructive"
            : "mt-0.5 size-6 shrink-0 text-primary"
        }
      />
      <div className="space-y-2">
        <h2 className="text-lg font-semibold">{heading}</h2>
        <div className="space-y-2 text-muted-foreground">{children}</div>
        <p>
          <a href="/products" className="text-primary underline underline-offset-4">
            Continue shopping
          </a>
        </p>
      </div>
    </div>
  );
}
