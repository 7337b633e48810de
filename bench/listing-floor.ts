import zlib from "node:zlib";
import {
  BEDDING_PAGE,
  BEDS_PAGE,
  MATTRESSES_PAGE,
  PRODUCTS_PAGE,
  type ListingPageConfig,
} from "~/components/store/listing/listing-pages";
import { openDatabase, setDatabase } from "~/db/client.server";
import { loadListing } from "~/routes/store/listing-loader.server";
import { SIZE_LABELS, type ProductCardData } from "~/domain/catalog/product-card";
import { CHECKBOX_GROUPS } from "~/domain/catalog/listing-query";
import { formatMoney, percentOff } from "~/lib/money";
import { formatCount } from "~/lib/numbers";
import { mediaSrc, mediaSrcSet } from "~/lib/media";
import { startShop } from "../scripts/shop-process";
import { median } from "./lighthouse";
import { postgresAnswers, withScratchDatabase } from "./postgres";
import { listingIndexFigures, printListingIndex, type ListingIndexFigures } from "./listing-index";
import { distinctListings, scaleLoad } from "./scale";
import { seedCatalogue } from "./server";

/**
 * The floor under a distinct listing's processor time (issue 37, point 1): the same listings'
 * data read in this process by the shop's own loader, then written out by a plain template
 * (string concatenation of the same cards, filters and counts, the header and footer as fixed
 * text, the loader's data as JSON) and compressed as the server compresses a page (Brotli at
 * quality 4). Measured in the same run as the built shop serving the same kind of listings over
 * HTTP (one process, its processor time from /proc), so the two compare: what lies between them
 * is React's render, React Router's handling of a document request, HTTP and the request log.
 */
export type ListingFloorOptions = {
  products: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** Listings read and written in this process (after as many again to warm up). */
  listings: number;
};

export type ListingFloorResult = {
  server: { cpuMsPerListing: number; rps: number; requests: number; pageKb: number };
  floor: {
    dataMs: number;
    dataMedianMs: number;
    templateMs: number;
    compressMs: number;
    totalMs: number;
    pageKb: number;
    listings: number;
  };
  index: ListingIndexFigures;
};

const PAGES = new Map<string, ListingPageConfig>(
  [PRODUCTS_PAGE, MATTRESSES_PAGE, BEDS_PAGE, BEDDING_PAGE].map((page) => [page.path, page]),
);

const escape = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;");

const CARD_SIZES =
  "(min-width: 1280px) 320px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw";

/** A product card as the listing's markup has it (product-card.tsx), written as a string. */
function plainCard(p: ProductCardData, priority: boolean): string {
  const first = p.variants[0];
  const image = p.image
    ? `<picture class="contents"><source type="image/avif" srcset="${mediaSrcSet(p.image.mediaKey, "avif")}" sizes="${CARD_SIZES}"/><img src="${mediaSrc(p.image.mediaKey, 640)}" srcset="${mediaSrcSet(p.image.mediaKey)}" sizes="${CARD_SIZES}" width="${p.image.width}" height="${p.image.height}" alt="${escape(p.image.alt)}" loading="${priority ? "eager" : "lazy"}"${priority ? ' fetchpriority="high"' : ' decoding="async"'} class="size-full object-cover"/></picture>`
    : "";
  const badges =
    (p.badge
      ? `<span data-slot="badge" class="inline-flex items-center rounded-md text-xs font-semibold whitespace-nowrap bg-accent text-accent-foreground px-2 py-0.5">${escape(p.badge)}</span>`
      : "") +
    (p.isNew
      ? `<span data-slot="badge" class="inline-flex items-center rounded-md text-xs font-semibold whitespace-nowrap bg-primary text-primary-foreground px-2 py-0.5">NEW</span>`
      : "");
  const stars =
    p.reviewCount > 0
      ? `<p class="flex items-center gap-1.5 text-sm"><span aria-hidden="true" class="relative inline-block leading-none tracking-wide text-muted-foreground/30">★★★★★<span class="absolute inset-0 overflow-hidden text-accent" style="width:${Math.max(0, Math.min(100, (p.rating / 5) * 100))}%">★★★★★</span></span><span class="sr-only">Rated ${p.rating} out of 5</span><span class="text-xs text-muted-foreground">${p.rating.toFixed(1)} (${formatCount(p.reviewCount)}<span class="sr-only"> ${p.reviewCount === 1 ? "review" : "reviews"}</span>)</span></p>`
      : "";
  let price = "";
  if (first) {
    const off = percentOff(first.priceCents, first.originalPriceCents);
    price = `<p class="flex flex-wrap items-baseline gap-x-2"><span class="text-lg font-bold text-primary">${formatMoney(first.priceCents)}</span>${
      off > 0 && first.originalPriceCents
        ? `<s class="text-sm text-muted-foreground"><span class="sr-only">was </span>${formatMoney(first.originalPriceCents)}</s><span class="text-xs font-semibold text-destructive dark:text-red-400">${off}% off</span>`
        : ""
    }</p>`;
  }
  const sizes =
    p.variants.length > 0
      ? `<p class="text-xs text-muted-foreground"><span class="sr-only">Sizes: </span>${p.variants.map((v) => SIZE_LABELS[v.size]).join(" · ")}</p>`
      : "";
  const title = escape(p.title);
  return `<li class="flex"><article class="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md w-full"><div class="relative aspect-[4/3] bg-muted">${image}<div class="absolute top-2 left-2 flex flex-col items-start gap-1">${badges}</div><button type="button" aria-pressed="false" aria-label="Add ${title} to wishlist" class="grid size-9 place-items-center rounded-full bg-background/90 shadow-sm transition-colors hover:bg-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none absolute top-2 right-2"><svg aria-hidden="true" class="size-5 text-foreground/70" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><use href="/assets/icons.svg#heart"></use></svg></button></div><div class="flex flex-1 flex-col gap-1.5 p-3 sm:p-4"><p class="text-xs text-muted-foreground">${escape(p.type)}</p><h3 class="leading-snug font-semibold"><a class="hover:text-primary hover:underline" href="/products/${p.slug}">${title}</a></h3>${stars}${price}${sizes}<button type="button" class="mt-auto inline-flex h-8 w-full items-center justify-center rounded-md border border-input bg-background px-3 text-xs font-medium whitespace-nowrap transition-colors outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2" aria-haspopup="dialog">View<span class="sr-only"> ${title}</span></button></div></article></li>`;
}

type Listing = Awaited<ReturnType<typeof loadListing>>;

/** The listing's own part of the page: its heading and count, filter groups and cards. */
function plainMain(listing: Listing): string {
  const { query, result } = listing;
  let filters = "";
  for (const group of CHECKBOX_GROUPS) {
    const selected = query.selections[group.id] ?? [];
    let options = "";
    for (const option of group.options) {
      const token = `${group.id}-${option.id}`;
      const checked = selected.includes(option.id);
      const count = result.facets[group.id]?.[option.id] ?? 0;
      const disabled = !checked && count === 0;
      options += `<li><label class="${disabled ? "flex items-center gap-3 py-1.5 text-sm text-muted-foreground/70" : "flex cursor-pointer items-center gap-3 rounded-md py-1.5 text-sm hover:text-primary"}"><input type="checkbox" name="f" value="${token}"${checked ? " checked" : ""}${disabled ? " disabled" : ""} class="size-4 shrink-0 accent-primary"/><span class="flex-1">${escape(option.label)}</span><span class="text-xs text-muted-foreground tabular-nums"><span class="sr-only">, </span>(${formatCount(count)}<span class="sr-only"> products</span>)</span></label></li>`;
    }
    filters += `<details open class="group border-b py-3 last:border-b-0"><summary class="flex cursor-pointer list-none items-center justify-between gap-2 py-1 text-sm font-semibold [&amp;::-webkit-details-marker]:hidden">${escape(group.title)}<svg aria-hidden="true" class="size-4 text-muted-foreground transition-transform group-open:rotate-180" width="24" height="24"><use href="/assets/icons.svg#chevron-down"></use></svg></summary><div class="pt-2"><ul class="space-y-0.5">${options}</ul></div></details>`;
  }
  const cards = (listing.nearest?.result.products ?? result.products)
    .map((p, i) => plainCard(p, i < 2))
    .join("");
  return `<main id="main" class="flex-1"><div class="container mx-auto px-4 py-6"><h1 class="text-2xl font-bold">${query.q ? `Results for “${escape(query.q)}”` : "All products"}</h1><p class="text-sm text-muted-foreground">${formatCount(result.total)} products</p><div class="mt-6 flex gap-8"><aside class="hidden w-64 shrink-0 lg:block"><form method="get">${filters}</form></aside><ul class="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-3">${cards}</ul></div></div></main>`;
}

/**
 * The whole page by template: everything before <main> and after </main> as the shop wrote it
 * once (the head, header and footer are the same on every listing), the listing's part, and
 * its data for the browser as JSON.
 */
function plainPage(before: string, after: string, listing: Listing): string {
  const data = JSON.stringify(listing).replaceAll("<", "\\u003c");
  return `${before}${plainMain(listing)}${after}<script>window.__listing=${data}</script></body></html>`;
}

/** The page split around its <main>, the parts a template keeps as fixed text. */
function fixedParts(html: string): { before: string; after: string } {
  const start = html.indexOf("<main");
  const end = html.indexOf("</main>") + "</main>".length;
  const rest = html.slice(end);
  // The document's own scripts (its data among them) end the page; the floor writes its own.
  const scripts = rest.indexOf("<script");
  return { before: html.slice(0, start), after: scripts >= 0 ? rest.slice(0, scripts) : rest };
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

export async function benchListingFloor(
  o: ListingFloorOptions,
): Promise<ListingFloorResult | null> {
  if (!(await postgresAnswers())) {
    console.log("No PostgreSQL answered: the listing floor is left out.");
    return null;
  }
  return withScratchDatabase("listing-floor", async (database) => {
    console.log(`Seeding ${o.products} products for the listing floor...`);
    seedCatalogue(database, o.products);

    const shop = await startShop({
      env: { ...database, WEB_CONCURRENCY: "1", LOG_LEVEL: "info" },
      output: "ignore",
    });
    let server: ListingFloorResult["server"];
    let parts: { before: string; after: string };
    try {
      console.log(
        `Distinct listings from the shop: ${o.warmupSeconds} s to warm up, then ${o.seconds} s...`,
      );
      // The scale part's load: the shop's processor time a listing over the measured run.
      const load = await scaleLoad(shop.url, shop.pid, distinctListings(5), {
        connections: o.connections,
        seconds: o.seconds,
        runs: 1,
        warmupSeconds: o.warmupSeconds,
      });
      if (load.non2xx > 0 || load.errors > 0) {
        throw new Error(`The shop answered ${load.non2xx + load.errors} listings with an error.`);
      }
      const page = await (await fetch(`${shop.url}/products`)).text();
      parts = fixedParts(page);
      server = {
        cpuMsPerListing: load.shopCpuMs,
        rps: load.rps,
        requests: load.requests,
        pageKb: Buffer.byteLength(page) / 1024,
      };
    } finally {
      await shop.stop();
    }

    // The same loader in this process, on the same database.
    const handle = await openDatabase({ url: database.DATABASE_URL });
    setDatabase(handle);
    try {
      const floor = await readAndWrite(o, parts);
      return { server, floor, index: await listingIndexFigures(3, o.listings) };
    } finally {
      await handle.close();
    }
  });
}

/** The floor's listings in this process: read by the shop's loader, written by the template. */
async function readAndWrite(o: ListingFloorOptions, parts: { before: string; after: string }) {
  const next = distinctListings(6);
  const samples = { data: [] as number[], template: [] as number[], compress: [] as number[] };
  let bytes = 0;
  for (let i = 0; i < o.listings * 2; i++) {
    const address = next();
    const path = address.split("?")[0]!;
    const page = PAGES.get(path)!;
    const t0 = cpuNow();
    const listing = await loadListing(new Request(`http://shop.test${address}`), page);
    const t1 = cpuNow();
    const html = plainPage(parts.before, parts.after, listing);
    const t2 = cpuNow();
    zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    const t3 = cpuNow();
    if (i < o.listings) continue;
    samples.data.push(t1 - t0);
    samples.template.push(t2 - t1);
    samples.compress.push(t3 - t2);
    bytes += Buffer.byteLength(html);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    dataMs: mean(samples.data),
    dataMedianMs: median(samples.data),
    templateMs: mean(samples.template),
    compressMs: mean(samples.compress),
    totalMs: mean(samples.data) + mean(samples.template) + mean(samples.compress),
    pageKb: bytes / samples.data.length / 1024,
    listings: samples.data.length,
  };
}

/** The two figures and their ratio, as `npm run bench` prints them. */
export function printListingFloor(products: number, r: ListingFloorResult) {
  const { server, floor } = r;
  console.log(`\nDistinct listings at ${products} products on PostgreSQL, one process`);
  console.log("| | processor time a listing, ms | listings | page KB |");
  console.log("| --- | ---: | ---: | ---: |");
  console.log(
    `| the shop over HTTP (${server.rps.toFixed(0)}/s) | ${server.cpuMsPerListing.toFixed(2)} | ${server.requests} | ${server.pageKb.toFixed(0)} (/products) |`,
  );
  console.log(
    `| the floor: data (median ${floor.dataMedianMs.toFixed(2)}) | ${floor.dataMs.toFixed(2)} | ${floor.listings} | |`,
  );
  console.log(
    `| the floor: plain template | ${floor.templateMs.toFixed(2)} | | ${floor.pageKb.toFixed(0)} |`,
  );
  console.log(`| the floor: Brotli, quality 4 | ${floor.compressMs.toFixed(2)} | | |`);
  console.log(`| the floor in all | ${floor.totalMs.toFixed(2)} | | |`);
  console.log(`The shop: ${(server.cpuMsPerListing / floor.totalMs).toFixed(2)} times the floor.`);
  printListingIndex(r.index);
}
