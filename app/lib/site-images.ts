/** The shop's own pictures (not products): media keys and their descriptions, for pages to show. */
export const SITE_IMAGES = [
  { key: "site/showroom-1", alt: "Showroom with a walnut platform bed and a blue storage bed" },
  { key: "site/showroom-2", alt: "Showroom bed with a green tufted headboard between two lamps" },
  { key: "site/showroom-3", alt: "Showroom with an adjustable bed, a divan and a storage bed" },
  { key: "site/showroom-4", alt: "Bright showroom with a tufted platform bed on a rug" },
  { key: "site/lifestyle", alt: "A made bed with a terracotta throw in morning light" },
  { key: "site/about", alt: "The Slumber Corner Beds shop front with beds in its windows" },
] as const;

export type SiteImageKey = (typeof SITE_IMAGES)[number]["key"];

export const SITE_IMAGE_KEYS: SiteImageKey[] = SITE_IMAGES.map((image) => image.key);

/** The home page's hero slides, in order. */
export const SHOWROOM_SLIDE_KEYS: SiteImageKey[] = SITE_IMAGE_KEYS.slice(0, 4);

/** The drawings' proportions (16:9), for the images' width and height attributes. */
export const SITE_IMAGE_SIZE = { width: 960, height: 540 } as const;

export function siteImage(key: SiteImageKey) {
  const image = SITE_IMAGES.find((i) => i.key === key);
  if (!image) throw new Error(`Unknown site image ${key}`);
  return image;
}

/** The home page's hero slides with their descriptions, in order. */
export const SHOWROOM_SLIDES = SHOWROOM_SLIDE_KEYS.map(siteImage);
