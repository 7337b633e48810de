import { BEDDING } from "./bedding";
import { FOAM_BEDS } from "./foam-beds";
import { BED_FRAMES, FURNITURE } from "./frames-and-furniture";
import { MATTRESSES } from "./mattresses";
import { ACCESSORIES, PILLOWS } from "./pillows-and-accessories";
import type { SeedProduct } from "./seed-product";
import { SPRING_BEDS } from "./spring-beds";

/** The demo catalogue in merchandising order (the order sets each product's featured rank). */
export const DEMO_PRODUCTS: SeedProduct[] = [
  ...FOAM_BEDS,
  ...SPRING_BEDS,
  ...MATTRESSES,
  ...BED_FRAMES,
  ...BEDDING,
  ...PILLOWS,
  ...FURNITURE,
  ...ACCESSORIES,
];
