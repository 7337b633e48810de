import { DEMO_PRODUCTS } from "./catalog/all-products";
import { BRANDS } from "./catalog/categories-and-brands";
import type { SeedProduct } from "./catalog/seed-product";

/**
 * A large, realistic catalogue for benchmarks: each generated product is a variation of a demo
 * product (same kind, picture and sizes) under another brand and range name, with its own
 * prices, filter attributes and age (no ratings: those come from reviews). The same number always gives the same product.
 */

const RANGES = [
  "Serenity",
  "Harmony",
  "Orthocare",
  "Cloud Rest",
  "Posture Plus",
  "Royal Comfort",
  "Gel Cool",
  "Pocket Luxe",
  "Dream Weaver",
  "Back Care",
  "Siesta",
  "Karoo",
  "Highveld",
  "Protea",
  "Baobab",
  "Madiba",
  "Sunset",
  "Starlight",
  "Classic",
  "Heritage",
  "Essentials",
  "Bliss",
  "Tranquil",
  "Majestic",
  "Everest",
  "Azure",
  "Ivory",
  "Platinum",
  "Sapphire",
  "Vitality",
] as const;

/** Selling points by kind of product, so a duvet never promises orthopaedic support. */
const FEATURES = {
  sleep: [
    "Orthopaedic support keeps your spine in line.",
    "A cooling gel layer draws heat away through the night.",
    "The quilted cover is hypoallergenic and resists dust mites.",
    "Edge support lets you use the whole surface.",
    "Made in South Africa and backed by a ten-year guarantee.",
    "Zoned support cradles shoulders and firms up under the hips.",
  ],
  frame: [
    "Reinforced joints and a solid base for years of use.",
    "Assembled by our delivery team at no extra cost.",
    "Finished by hand and sealed against scuffs.",
    "Made in South Africa from sustainably grown timber.",
  ],
  soft: [
    "Breathable fabric keeps summer nights fresh.",
    "Easy to care for: it machine-washes at 40 degrees.",
    "Hypoallergenic filling suits allergy sufferers.",
    "Colour-fast and soft from the first wash.",
  ],
} as const;
const COILS = "Individually pocketed coils mean you feel less of a restless partner.";

function featuresFor(product: SeedProduct): readonly string[] {
  if (product.mattressType === "spring" || product.mattressType === "hybrid") {
    return [...FEATURES.sleep, COILS];
  }
  if (product.category === "mattresses" || product.mattressType) return FEATURES.sleep;
  if (product.category === "beds" || product.category === "furniture") return FEATURES.frame;
  return FEATURES.soft;
}

const MATTRESS_TYPES = ["memory-foam", "hybrid", "spring", "latex"] as const;
type MattressType = (typeof MATTRESS_TYPES)[number];
const MATTRESS_LABELS: Record<MattressType, string> = {
  "memory-foam": "Memory Foam",
  hybrid: "Hybrid",
  spring: "Pocket Spring",
  latex: "Latex",
};
/** The mattress types a kind of bed can have: a foam bed is never a spring one. */
function mattressTypesFor(type: string): readonly MattressType[] {
  if (type.includes("Spring")) return ["spring", "hybrid"];
  if (type.includes("Foam")) return ["memory-foam", "latex"];
  return MATTRESS_TYPES;
}
const BED_TYPES = ["platform", "storage", "adjustable", "divan"] as const;
const COMFORT_LEVELS = ["plush", "medium", "firm"] as const;
const DISCOUNTS = [0, 0, 0, 15, 20, 25, 30, 40, 50] as const;
const BADGES = ["SALE", "VALUE", "POPULAR", "LUXURY", "PREMIUM", "COMFORT"] as const;
/** The filter panel's brands come up more often, so filtering by them finds plenty. */
const BRAND_SLUGS = [...BRANDS.map((b) => b.slug), "sealy", "simmons", "serta", "cloud-nine"];
const BRAND_NAMES = new Map<string, string>(BRANDS.map((b) => [b.slug, b.name]));

const TEMPLATES = DEMO_PRODUCTS.filter((p) => (p.status ?? "active") === "active");

/** A small deterministic random source (mulberry32). */
function randomFor(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  return { next, pick };
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? "An" : "A");

/** Shop-ticket prices: whole hundreds less one Rand. */
const ticketPrice = (rand: number) => Math.max(99, Math.round(rand / 100) * 100 - 1);

export type ScaleProduct = SeedProduct & {
  /** The demo product whose picture this one shows. */
  template: string;
  daysAgo: number;
};

export function scaleProduct(n: number): ScaleProduct {
  const random = randomFor(n * 7919 + 17);
  const template = TEMPLATES[n % TEMPLATES.length]!;
  const brand = template.brand ? random.pick(BRAND_SLUGS) : null;
  const range = random.pick(RANGES);
  const mattressType = template.mattressType && random.pick(mattressTypesFor(template.type));
  // A mattress is named for its core ("Sealy Harmony Latex Mattress"); other kinds by their type.
  const kind =
    template.type === "Mattress" && mattressType
      ? `${MATTRESS_LABELS[mattressType]} Mattress`
      : template.type;
  const title = [brand ? BRAND_NAMES.get(brand) : null, range, kind].filter(Boolean).join(" ");
  const factor = 0.7 + random.next() * 0.9;
  const roll = random.next();
  const off = random.pick(DISCOUNTS);
  const features = featuresFor({ ...template, mattressType });
  const selling = [random.pick(features), random.pick(features)];
  return {
    ...template,
    template: template.slug,
    sku: `GEN-${n}`,
    slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${n}`,
    title,
    description: [
      `${article(kind)} ${kind.toLowerCase()} from the ${range} range${brand ? ` by ${BRAND_NAMES.get(brand)}` : ""}.`,
      ...new Set(selling),
    ].join(" "),
    brand,
    badge: off >= 40 ? "SALE" : random.next() < 0.2 ? random.pick(BADGES) : undefined,
    isNew: roll < 0.05,
    isBestSeller: false,
    status: roll > 0.97 ? "draft" : roll > 0.95 ? "archived" : "active",
    off: off || undefined,
    mattressType,
    bedType: template.bedType && random.pick(BED_TYPES),
    comfortLevel: template.comfortLevel && random.pick(COMFORT_LEVELS),
    variants: template.variants.map((v) => ({
      size: v.size,
      price: ticketPrice(v.price * factor),
      stock: random.next() < 0.1 ? 0 : Math.floor(random.next() * 20),
    })),
    daysAgo: roll < 0.05 ? Math.floor(random.next() * 14) : 14 + Math.floor(random.next() * 700),
  };
}
