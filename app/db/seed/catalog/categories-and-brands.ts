/** The footer's categories, in its order. */
export const CATEGORIES = [
  {
    slug: "mattresses",
    name: "Mattresses",
    description: "Memory foam, latex, pocket spring and hybrid mattresses in every size.",
  },
  {
    slug: "beds",
    name: "Bed Frames",
    description: "Foam and spring bed sets, bed frames, divan bases and adjustable bases.",
  },
  {
    slug: "pillows",
    name: "Pillows",
    description: "Memory foam, latex, feather and fibre pillows for every sleeping position.",
  },
  {
    slug: "bedding",
    name: "Bedding Sets",
    description: "Duvet cover sets, duvet inners, sheet sets and comforters.",
  },
  {
    slug: "furniture",
    name: "Bedroom Furniture",
    description: "Pedestals, headboards, chests of drawers and ottomans.",
  },
  {
    slug: "accessories",
    name: "Accessories",
    description: "Mattress protectors, toppers, electric blankets and valances.",
  },
] as const;

/**
 * Inserted in this order: the home page's brand grid shows the first ten (by id); the last
 * four are the brands of the product filters.
 */
export const BRANDS = [
  { slug: "restonic", name: "Restonic" },
  { slug: "edblo", name: "Edblo" },
  { slug: "slumberland", name: "Slumberland" },
  { slug: "rest-assured", name: "Rest Assured" },
  { slug: "king-koil", name: "King Koil" },
  { slug: "dunlopillo", name: "Dunlopillo" },
  { slug: "genessis", name: "Genessis" },
  { slug: "spring-air", name: "Spring Air" },
  { slug: "tempur", name: "Tempur" },
  { slug: "vitafoam", name: "Vitafoam" },
  { slug: "sealy", name: "Sealy" },
  { slug: "simmons", name: "Simmons" },
  { slug: "serta", name: "Serta" },
  { slug: "cloud-nine", name: "Cloud Nine" },
] as const;
