/** Small helpers shared by the seed's SVG drawings. */

/** Lightens (amount > 0) or darkens (amount < 0) a #rrggbb colour; amount in -1..1. */
export function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => {
    const target = amount >= 0 ? 255 : 0;
    return Math.round(c + (target - c) * Math.abs(amount));
  });
  return `#${channels.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}

/** A vertical linear gradient from `top` to `bottom`. */
export function vGradient(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

/** A horizontal linear gradient from `left` to `right`. */
export function hGradient(id: string, left: string, right: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${left}"/><stop offset="1" stop-color="${right}"/></linearGradient>`;
}

/** A soft radial glow, for lamp light and window light. */
export function glow(id: string, colour: string, opacity = 0.8): string {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${colour}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${colour}" stop-opacity="0"/></radialGradient>`;
}

export function polygon(points: [number, number][], fill: string, extra = ""): string {
  return `<polygon points="${points.map((p) => p.join(",")).join(" ")}" fill="${fill}" ${extra}/>`;
}

/**
 * Wraps a drawing in an SVG document. The displayed width is half the largest image width:
 * rendered at density 144 it comes out at exactly that width, so nothing is scaled up or drawn
 * at a needlessly large size.
 */
export function svgDocument(options: {
  width: number;
  height: number;
  defs: string;
  body: string;
  displayWidth?: number;
}): string {
  const displayWidth = options.displayWidth ?? 480;
  const displayHeight = Math.round((displayWidth * options.height) / options.width);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${displayWidth}" height="${displayHeight}" viewBox="0 0 ${options.width} ${options.height}"><defs>${options.defs}</defs>${options.body}</svg>`;
}

/** Scales a product drawing about a point on the floor, so it fills the picture. */
export function enlarge(body: string, scale: number, floor: [number, number] = [400, 440]): string {
  const [x, y] = floor;
  return `<g transform="translate(${x} ${y}) scale(${scale}) translate(${-x} ${-y})">${body}</g>`;
}

/** The studio backdrop of product pictures: a soft wall, a floor and a contact shadow. */
export function studio(
  wall: string,
  shadow: { cx: number; cy: number; rx: number },
): {
  defs: string;
  body: string;
} {
  return {
    defs:
      vGradient("wall", shade(wall, 0.55), shade(wall, 0.2)) +
      vGradient("floor", shade(wall, 0.05), shade(wall, -0.12)) +
      `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
    body:
      `<rect width="800" height="600" fill="url(#wall)"/>` +
      `<rect y="440" width="800" height="160" fill="url(#floor)"/>` +
      `<ellipse cx="${shadow.cx}" cy="${shadow.cy}" rx="${shadow.rx}" ry="30" fill="url(#shadow)"/>`,
  };
}
