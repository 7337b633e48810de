import { drawBed } from "./beds";
import { enlarge, glow, hGradient, polygon, shade, studio, svgDocument, vGradient } from "./svg";

export type FurniturePiece = "pedestal" | "headboard" | "chest" | "ottoman";
export type AccessoryItem = "protector" | "topper" | "blanket" | "valance";

function drawers(
  x: number,
  y: number,
  w: number,
  h: number,
  count: number,
  colour: string,
): string {
  const gap = 8;
  const dh = (h - gap * (count + 1)) / count;
  return Array.from({ length: count }, (_, i) => {
    const dy = y + gap + i * (dh + gap);
    return (
      `<rect x="${x + gap}" y="${dy}" width="${w - gap * 2}" height="${dh}" rx="4" fill="${shade(colour, 0.08)}" stroke="${shade(colour, -0.25)}" stroke-width="2"/>` +
      `<rect x="${x + w / 2 - 22}" y="${dy + dh / 2 - 4}" width="44" height="8" rx="4" fill="#c9a86a"/>`
    );
  }).join("");
}

function piece(kind: FurniturePiece, colour: string): string {
  switch (kind) {
    case "pedestal":
      return (
        `<rect x="290" y="250" width="220" height="160" rx="8" fill="url(#wood)"/>` +
        drawers(290, 250, 220, 160, 2, colour) +
        `<rect x="300" y="410" width="14" height="30" fill="${shade(colour, -0.4)}"/><rect x="486" y="410" width="14" height="30" fill="${shade(colour, -0.4)}"/>` +
        `<circle cx="440" cy="150" r="90" fill="url(#lamp)"/>` +
        `<rect x="434" y="180" width="12" height="70" fill="#b08d57"/><ellipse cx="440" cy="250" rx="34" ry="6" fill="#8a6d43"/>` +
        polygon(
          [
            [396, 186],
            [484, 186],
            [466, 120],
            [414, 120],
          ],
          "#f4e6c8",
        )
      );
    case "chest":
      return (
        `<rect x="270" y="110" width="260" height="310" rx="8" fill="url(#wood)"/>` +
        `<rect x="262" y="104" width="276" height="14" rx="4" fill="${shade(colour, -0.15)}"/>` +
        drawers(270, 118, 260, 300, 5, colour) +
        `<rect x="282" y="420" width="16" height="20" fill="${shade(colour, -0.4)}"/><rect x="502" y="420" width="16" height="20" fill="${shade(colour, -0.4)}"/>`
      );
    case "ottoman":
      return (
        `<rect x="180" y="300" width="440" height="100" rx="18" fill="url(#wood)"/>` +
        Array.from(
          { length: 8 },
          (_, i) =>
            `<circle cx="${215 + i * 53}" cy="${330 + (i % 2) * 30}" r="5" fill="${shade(colour, -0.35)}"/>`,
        ).join("") +
        `<rect x="200" y="400" width="16" height="40" fill="#5b4636"/><rect x="584" y="400" width="16" height="40" fill="#5b4636"/>`
      );
    case "headboard":
      return (
        `<path d="M170 430 L170 170 Q170 110 230 110 L570 110 Q630 110 630 170 L630 430 Z" fill="url(#wood)"/>` +
        Array.from(
          { length: 5 },
          (_, i) =>
            `<rect x="${204 + i * 80}" y="146" width="72" height="250" rx="30" fill="${shade(colour, 0.06)}" stroke="${shade(colour, -0.2)}" stroke-width="2"/>`,
        ).join("") +
        `<rect x="186" y="430" width="16" height="12" fill="#3b3430"/><rect x="598" y="430" width="16" height="12" fill="#3b3430"/>`
      );
  }
}

/** A bedroom furniture piece in a studio. */
export function drawFurniture(options: { colour: string; piece: FurniturePiece }): string {
  const room = studio("#e8e0d5", { cx: 400, cy: 446, rx: 280 });
  const defs =
    room.defs +
    hGradient("wood", shade(options.colour, -0.08), shade(options.colour, 0.14)) +
    glow("lamp", "#ffe7a8", 0.7);
  return svgDocument({
    width: 800,
    height: 600,
    defs,
    body: room.body + enlarge(piece(options.piece, options.colour), 1.14),
  });
}

/** A mattress seen from the foot, for dressing with an accessory. */
function plainMattress(y: number, h: number): string {
  return (
    polygon(
      [
        [124, y],
        [676, y],
        [600, y - 80],
        [200, y - 80],
      ],
      "url(#top)",
    ) + `<rect x="124" y="${y - 2}" width="552" height="${h}" rx="8" fill="url(#side)"/>`
  );
}

function accessory(item: Exclude<AccessoryItem, "valance">, colour: string): string {
  switch (item) {
    case "protector":
      return (
        plainMattress(310, 110) +
        polygon(
          [
            [118, 312],
            [682, 312],
            [602, 226],
            [198, 226],
          ],
          "url(#cover)",
        ) +
        `<rect x="118" y="310" width="564" height="44" rx="8" fill="url(#cover)"/>` +
        `<path d="M118 350 Q400 366 682 350" stroke="${colour}" stroke-width="4" fill="none"/>` +
        `<path d="M400 236 Q424 268 424 284 A24 24 0 0 1 376 284 Q376 268 400 236 Z" fill="${colour}"/>` +
        `<ellipse cx="392" cy="280" rx="6" ry="9" fill="#ffffff" fill-opacity="0.6"/>`
      );
    case "topper":
      return (
        plainMattress(340, 90) +
        polygon(
          [
            [120, 312],
            [680, 312],
            [598, 232],
            [202, 232],
          ],
          "url(#fill)",
        ) +
        `<rect x="120" y="310" width="560" height="30" rx="6" fill="url(#fillSide)"/>` +
        `<path d="M560 312 Q640 290 680 250 L680 312 Z" fill="${shade(colour, -0.2)}"/>` +
        `<path d="M560 312 Q640 290 680 250" stroke="${shade(colour, 0.3)}" stroke-width="3" fill="none"/>`
      );
    case "blanket":
      return (
        [0, 1, 2]
          .map((i) => {
            const y = 380 - i * 62;
            return (
              `<rect x="${220 + i * 10}" y="${y}" width="${360 - i * 20}" height="58" rx="20" fill="url(#fillSide)"/>` +
              `<path d="M${236 + i * 10} ${y + 29} L${564 - i * 10} ${y + 29}" stroke="${shade(colour, 0.35)}" stroke-width="2" stroke-dasharray="10 8"/>`
            );
          })
          .join("") +
        `<path d="M576 410 Q650 400 640 424 Q630 440 606 430" stroke="#3a3a3a" stroke-width="5" fill="none"/>` +
        `<rect x="560" y="412" width="46" height="28" rx="6" fill="#2f2f33"/><circle cx="574" cy="426" r="4" fill="#ff7a59"/><rect x="584" y="422" width="14" height="8" rx="2" fill="#8fd3ff"/>`
      );
  }
}

/** A bedding accessory: a valance on a bed base, or an item on a mattress or shelf. */
export function drawAccessory(options: { colour: string; item: AccessoryItem }): string {
  const { colour, item } = options;
  if (item === "valance") return drawValance(colour);
  const room = studio("#e3e7e4", { cx: 400, cy: 446, rx: 380 });
  const defs =
    room.defs +
    vGradient("top", "#fdfcf9", "#ebe7df") +
    vGradient("side", "#faf8f3", "#e3ded4") +
    vGradient("cover", "#ffffff", "#eef3f6") +
    vGradient("fill", shade(colour, 0.45), shade(colour, 0.15)) +
    vGradient("fillSide", shade(colour, 0.1), shade(colour, -0.15));
  // The mattress under a protector or topper is drawn higher; move it down onto the floor.
  const drop = item === "blanket" ? 0 : item === "protector" ? 20 : 8;
  const art = `<g transform="translate(0 ${drop})">${accessory(item, colour)}</g>`;
  return svgDocument({ width: 800, height: 600, defs, body: room.body + enlarge(art, 1.14) });
}

/** A pleated valance: the bed set drawing with a skirt over its base. */
function drawValance(colour: string): string {
  const bed = drawBed({ colour: "#8c8279", style: "divan", tape: colour });
  const pleats = Array.from({ length: 12 }, (_, i) => {
    const x = 128 + i * 45.3;
    return `<rect x="${x}" y="352" width="45.3" height="90" fill="${i % 2 ? shade(colour, -0.1) : colour}"/>`;
  }).join("");
  const skirt = `<g transform="translate(400 440) scale(1.18) translate(-400 -440)">${pleats}</g>`;
  return bed.replace("</svg>", `${skirt}</svg>`);
}
