import { clsx } from "clsx";
import { preload } from "react-dom";
import { mediaSrc, mediaSrcSet } from "~/lib/media";

/**
 * One stored image as a <picture>: AVIF for browsers that take it, WebP otherwise, at the
 * width `sizes` asks for. Width and height reserve its space before it loads.
 *
 * `priority` is for the first image a visitor sees: it is preloaded from the document's head
 * with high priority and never lazy. Every other image loads lazily.
 */
export function ResponsiveImage({
  mediaKey,
  alt,
  width,
  height,
  sizes,
  priority = false,
  className,
  pictureClassName,
}: {
  mediaKey: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
  /** The <picture> takes no box of its own unless given one here. */
  pictureClassName?: string;
}) {
  const avifSrcSet = mediaSrcSet(mediaKey, "avif");
  if (priority) {
    // A <picture>'s image is not preloaded by React itself, as it cannot know the source.
    preload(mediaSrc(mediaKey, 960, "avif"), {
      as: "image",
      type: "image/avif",
      imageSrcSet: avifSrcSet,
      imageSizes: sizes,
      fetchPriority: "high",
    });
  }
  return (
    <picture className={clsx("contents", pictureClassName)}>
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      <img
        src={mediaSrc(mediaKey, 640)}
        srcSet={mediaSrcSet(mediaKey)}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? undefined : "async"}
        className={className}
      />
    </picture>
  );
}
