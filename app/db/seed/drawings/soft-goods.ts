import { enlarge, polygon, shade, studio, svgDocument, vGradient } from "./svg";

export type MattressCore = "memory-foam" | "latex" | "spring" | "hybrid";
export type BeddingPattern = "plain" | "stripes" | "dots" | "check";

/** The layers seen in the cut-away corner, as the core type would show them. */
function cutaway(core: MattressCore, colour: string): string {
  const x = 500;
  const w = 176;
  const layer = (y: number, h: number, fill: string) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"/>`;
  const coils = (y: number, h: number) =>
    layer(y, h, "#efe9e0") +
    Array.from({ length: 7 }, (_, i) => {
      const cx = x + 14 + i * 25;
      const turns = Array.from({ length: 4 }, (_, t) => {
        const ty = y + 4 + (t * (h - 8)) / 4;
        return `L${cx + 9} ${ty + (h - 8) / 8} L${cx - 9} ${ty + (h - 8) / 4}`;
      }).join(" ");
      return `<path d="M${cx - 9} ${y + 4} ${turns}" stroke="#8d99a6" stroke-width="2.4" fill="none"/>`;
    }).join("");
  const pinholes = (y: number, h: number) =>
    Array.from(
      { length: 18 },
      (_, i) =>
        `<circle cx="${x + 12 + (i % 9) * 19}" cy="${y + h / 4 + Math.floor(i / 9) * (h / 2)}" r="3" fill="#d9c89a"/>`,
    ).join("");
  switch (core) {
    case "memory-foam":
      return (
        layer(316, 22, shade(colour, 0.55)) + layer(338, 26, "#9fc7e8") + layer(364, 34, "#d8d8d4")
      );
    case "latex":
      return (
        layer(316, 42, "#f1e3b8") +
        pinholes(316, 42) +
        layer(358, 40, "#e6d39c") +
        pinholes(358, 40)
      );
    case "spring":
      return layer(316, 12, "#e8e2d6") + coils(328, 70);
    case "hybrid":
      return layer(316, 20, "#9fc7e8") + layer(336, 10, shade(colour, 0.5)) + coils(346, 52);
  }
}

/** A single mattress, from the foot end, with a corner cut away to show its core. */
export function drawMattress(options: { colour: string; core: MattressCore }): string {
  const { colour, core } = options;
  const room = studio("#dfe6ea", { cx: 400, cy: 444, rx: 390 });
  const defs =
    room.defs +
    vGradient("top", "#fdfcf9", "#ebe7df") +
    vGradient("side", "#faf8f3", "#e3ded4") +
    `<pattern id="quilt" width="40" height="20" patternUnits="userSpaceOnUse"><path d="M0 10 L20 0 L40 10 L20 20 Z" fill="none" stroke="${colour}" stroke-width="1.5" stroke-opacity="0.45"/></pattern>`;
  const top: [number, number][] = [
    [124, 300],
    [676, 300],
    [600, 214],
    [200, 214],
  ];
  const body =
    polygon(top, "url(#top)") +
    polygon(top, "url(#quilt)") +
    `<rect x="124" y="298" width="552" height="102" rx="8" fill="url(#side)"/>` +
    `<rect x="124" y="298" width="552" height="16" rx="6" fill="${colour}"/>` +
    `<rect x="124" y="392" width="552" height="10" rx="5" fill="${shade(colour, -0.2)}"/>` +
    `<rect x="150" y="340" width="64" height="22" rx="4" fill="${shade(colour, -0.1)}"/>` +
    cutaway(core, colour) +
    `<rect x="500" y="314" width="176" height="84" fill="none" stroke="${shade(colour, -0.3)}" stroke-width="2"/>`;
  // Drawn floating; moved down so it rests on the studio floor.
  const placed = `<g transform="translate(0 36)">${body}</g>`;
  return svgDocument({ width: 800, height: 600, defs, body: room.body + enlarge(placed, 1.16) });
}

function pillowShape(x: number, y: number, w: number, h: number, fill: string): string {
  const mx = x + w / 2;
  const my = y + h / 2;
  const r = Math.min(w, h) * 0.22;
  return `<path d="M${x + r} ${y} Q${mx} ${y + h * 0.08} ${x + w - r} ${y} Q${x + w} ${y} ${x + w} ${y + r} Q${x + w - h * 0.06} ${my} ${x + w} ${y + h - r} Q${x + w} ${y + h} ${x + w - r} ${y + h} Q${mx} ${y + h * 0.92} ${x + r} ${y + h} Q${x} ${y + h} ${x} ${y + h - r} Q${x + h * 0.06} ${my} ${x} ${y + r} Q${x} ${y} ${x + r} ${y} Z" fill="${fill}"/>`;
}

/** Two pillows: one standing against the wall, one lying in front; `contour` shapes the front one. */
export function drawPillow(options: { colour: string; contour?: boolean; cover?: string }): string {
  const { colour } = options;
  const cover = options.cover ?? "#ffffff";
  const room = studio(shade(colour, 0.35), { cx: 400, cy: 446, rx: 320 });
  const defs =
    room.defs +
    vGradient("pA", cover, shade(cover, -0.12)) +
    vGradient("pB", shade(colour, 0.4), shade(colour, 0.05)) +
    vGradient("contour", shade(colour, 0.6), shade(colour, 0.25)) +
    `<radialGradient id="puff"><stop offset="0" stop-color="#fff" stop-opacity="0.5"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`;
  const back =
    pillowShape(190, 190, 420, 190, "url(#pB)") +
    `<ellipse cx="400" cy="270" rx="150" ry="50" fill="url(#puff)"/>`;
  const front = options.contour
    ? `<path d="M200 440 L200 372 Q250 322 320 352 Q400 388 480 352 Q550 320 600 366 L600 440 Z" fill="url(#contour)"/>` +
      `<path d="M200 372 Q250 322 320 352 Q400 388 480 352 Q550 320 600 366" stroke="${shade(colour, -0.1)}" stroke-width="3" fill="none"/>` +
      `<rect x="200" y="428" width="400" height="12" fill="${shade(colour, 0.1)}" fill-opacity="0.6"/>`
    : pillowShape(160, 336, 480, 104, "url(#pA)") +
      `<ellipse cx="400" cy="372" rx="170" ry="22" fill="url(#puff)"/>` +
      `<path d="M190 352 Q400 370 610 352" stroke="${shade(colour, -0.05)}" stroke-width="3" fill="none" stroke-opacity="0.5"/>`;
  return svgDocument({
    width: 800,
    height: 600,
    defs,
    body: room.body + enlarge(back + front, 1.12),
  });
}

function patternFill(pattern: BeddingPattern, colour: string): string {
  const light = shade(colour, 0.55);
  switch (pattern) {
    case "plain":
      return "";
    case "stripes":
      return `<pattern id="print" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="14" height="36" fill="${light}" fill-opacity="0.7"/></pattern>`;
    case "dots":
      return `<pattern id="print" width="30" height="30" patternUnits="userSpaceOnUse"><circle cx="15" cy="15" r="5" fill="${light}"/></pattern>`;
    case "check":
      return `<pattern id="print" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="20" height="40" fill="${light}" fill-opacity="0.35"/><rect width="40" height="20" fill="${light}" fill-opacity="0.35"/></pattern>`;
  }
}

/** A made bed, from the foot end, dressed in a duvet cover set. */
export function drawBedding(options: { colour: string; pattern: BeddingPattern }): string {
  const { colour, pattern } = options;
  const room = studio("#ece3d6", { cx: 400, cy: 448, rx: 390 });
  const print = patternFill(pattern, colour);
  const defs =
    room.defs +
    print +
    vGradient("duvet", shade(colour, 0.15), shade(colour, -0.12)) +
    vGradient("drape", shade(colour, 0.05), shade(colour, -0.25)) +
    vGradient("sham", shade(colour, 0.5), shade(colour, 0.25)) +
    vGradient("base", "#8c8279", "#5f564f");
  const top: [number, number][] = [
    [118, 300],
    [682, 300],
    [600, 250],
    [200, 250],
  ];
  const drape = "M112 298 L688 298 L694 418 Q600 430 500 418 Q400 432 300 418 Q200 430 106 418 Z";
  const overlay = print
    ? `<path d="${drape}" fill="url(#print)"/>` + polygon(top, "url(#print)")
    : "";
  const body =
    `<rect x="128" y="380" width="544" height="54" rx="6" fill="url(#base)"/>` +
    `<rect x="214" y="120" width="372" height="150" rx="18" fill="${shade(colour, -0.35)}"/>` +
    polygon(
      [
        [130, 300],
        [670, 300],
        [596, 236],
        [204, 236],
      ],
      "#f6f2ec",
    ) +
    pillowShape(236, 206, 150, 56, "url(#sham)") +
    pillowShape(414, 206, 150, 56, "url(#sham)") +
    polygon(top, "url(#duvet)") +
    `<path d="${drape}" fill="url(#drape)"/>` +
    overlay +
    polygon(
      [
        [200, 250],
        [600, 250],
        [606, 262],
        [194, 262],
      ],
      "#fbf9f5",
    );
  return svgDocument({
    width: 800,
    height: 600,
    defs,
    body: room.body + enlarge(body, 1.16, [400, 448]),
  });
}
