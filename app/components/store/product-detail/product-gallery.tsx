import { clsx } from "clsx";
import { useRef, useState } from "react";
import { ResponsiveImage } from "~/components/store/responsive-image";
import type { ProductCardImage } from "~/domain/catalog/product-card";

const MAIN_SIZES = "(min-width: 1152px) 552px, (min-width: 768px) 50vw, 100vw";

/**
 * The product's pictures as a swipeable track (works before JavaScript) with thumbnails below
 * when there are several. The first picture is the page's first image: preloaded, never lazy.
 */
export function ProductGallery({ images }: { images: readonly ProductCardImage[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  if (images.length === 0) return <div className="aspect-[4/3] rounded-xl bg-muted" />;

  function show(index: number) {
    const track = trackRef.current;
    if (!track) return;
    track.scrollTo({ left: index * track.clientWidth, behavior: "smooth" });
    setActive(index);
  }

  return (
    <div>
      <div
        ref={trackRef}
        className="flex aspect-[4/3] snap-x snap-mandatory overflow-x-auto overflow-y-hidden rounded-xl bg-muted [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        onScroll={(e) => {
          const track = e.currentTarget;
          setActive(Math.round(track.scrollLeft / track.clientWidth));
        }}
      >
        {images.map((image, i) => (
          <div
            key={image.mediaKey}
            id={`product-image-${i + 1}`}
            className="w-full shrink-0 snap-start"
          >
            <ResponsiveImage
              mediaKey={image.mediaKey}
              alt={image.alt}
              width={image.width}
              height={image.height}
              sizes={MAIN_SIZES}
              priority={i === 0}
              className="size-full object-cover"
            />
          </div>
        ))}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto">
          {images.map((image, i) => (
            <li key={image.mediaKey}>
              <a
                href={`#product-image-${i + 1}`}
                aria-label={`Show picture ${i + 1} of ${images.length}`}
                aria-current={i === active ? "true" : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  show(i);
                }}
                className={clsx(
                  "block aspect-[4/3] w-20 overflow-hidden rounded-md border-2 bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  i === active ? "border-primary" : "border-transparent",
                )}
              >
                <ResponsiveImage
                  mediaKey={image.mediaKey}
                  alt=""
                  width={image.width}
                  height={image.height}
                  sizes="80px"
                  className="size-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
