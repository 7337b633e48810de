import { enlarge, hGradient, polygon, shade, studio, svgDocument, vGradient } from "./svg";

export type BedStyle = "platform" | "storage" | "divan" | "adjustable";

export type BedOptions = {
  /** The base's fabric or the frame's finish. */
  colour: string;
  style: BedStyle;
  headboard?: boolean;
  tufted?: boolean;
  /** The mattress border and quilting; the base colour when not given. */
  tape?: string;
};

/**
 * Gradient ids carry a prefix so that several beds can share one picture (the showroom).
 * Drawn from the foot end in an 800 x 600 box, standing on the floor at y 440.
 */
export function bedArt(options: BedOptions, p = "b"): { defs: string; body: string } {
  const { colour, style } = options;
  const tape = options.tape ?? colour;
  const defs =
    vGradient(`${p}mTop`, "#f9f6f0", "#e9e4da") +
    vGradient(`${p}mFront`, "#fbf8f2", "#ddd8cf") +
    `<pattern id="${p}quilt" width="36" height="18" patternUnits="userSpaceOnUse"><path d="M0 9 L18 0 L36 9 L18 18 Z" fill="none" stroke="${shade(tape, 0.3)}" stroke-width="1.4" stroke-opacity="0.55"/></pattern>` +
    vGradient(`${p}base`, shade(colour, 0.12), shade(colour, -0.2)) +
    hGradient(`${p}head`, shade(colour, -0.05), shade(colour, 0.15)) +
    vGradient(`${p}pillow`, "#ffffff", "#e9e4dc");
  if (style === "adjustable") return { defs, body: adjustable(p, colour, tape) };
  const body =
    (options.headboard ? headboard(p, colour, options.tufted ?? false) : "") +
    baseFront(p, style, colour) +
    mattressFromFoot(p, tape) +
    pillow(p, 322) +
    pillow(p, 478);
  return { defs, body };
}

/** A bed on its own in a studio picture. */
export function drawBed(options: BedOptions): string {
  const room = studio("#e9dccb", { cx: 400, cy: 448, rx: 390 });
  const bed = bedArt(options);
  return svgDocument({
    width: 800,
    height: 600,
    defs: room.defs + bed.defs,
    body: room.body + enlarge(bed.body, 1.18),
  });
}

/** The quilted mattress seen from the foot end. */
function mattressFromFoot(p: string, tape: string): string {
  const top: [number, number][] = [
    [130, 290],
    [670, 290],
    [592, 232],
    [208, 232],
  ];
  const buttons = Array.from(
    { length: 11 },
    (_, i) => `<circle cx="${165 + i * 47}" cy="320" r="3" fill="${shade(tape, 0.2)}"/>`,
  ).join("");
  return (
    polygon(top, `url(#${p}mTop)`) +
    polygon(top, `url(#${p}quilt)`) +
    `<rect x="130" y="288" width="540" height="64" rx="10" fill="url(#${p}mFront)"/>` +
    `<rect x="130" y="288" width="540" height="8" rx="4" fill="${tape}"/>` +
    `<rect x="130" y="344" width="540" height="8" rx="4" fill="${shade(tape, -0.15)}"/>` +
    buttons
  );
}

function pillow(p: string, cx: number): string {
  return (
    `<rect x="${cx - 72}" y="220" width="144" height="48" rx="20" fill="url(#${p}pillow)"/>` +
    `<path d="M${cx - 60} 248 Q${cx} 256 ${cx + 60} 248" stroke="#b9b2a6" stroke-opacity="0.5" stroke-width="2" fill="none"/>`
  );
}

function headboard(p: string, colour: string, tufted: boolean): string {
  const buttons = tufted
    ? Array.from({ length: 3 }, (_, row) =>
        Array.from({ length: 6 }, (_, col) => {
          const cx = 270 + col * 52 + (row % 2) * 26;
          return cx < 560
            ? `<circle cx="${cx}" cy="${150 + row * 34}" r="4" fill="${shade(colour, -0.35)}"/>`
            : "";
        }).join(""),
      ).join("")
    : `<rect x="240" y="136" width="320" height="90" rx="10" fill="none" stroke="${shade(colour, -0.25)}" stroke-width="3" stroke-opacity="0.5"/>`;
  return `<rect x="218" y="112" width="364" height="160" rx="20" fill="url(#${p}head)"/>` + buttons;
}

function baseFront(p: string, style: Exclude<BedStyle, "adjustable">, colour: string): string {
  const leg = (x: number) =>
    `<rect x="${x}" y="386" width="18" height="54" rx="3" fill="${shade(colour, -0.35)}"/>`;
  if (style === "platform") {
    return (
      `<rect x="122" y="352" width="556" height="34" rx="6" fill="url(#${p}base)"/>` +
      leg(146) +
      leg(636)
    );
  }
  const face = `<rect x="128" y="352" width="544" height="80" rx="6" fill="url(#${p}base)"/>`;
  const feet =
    `<rect x="150" y="432" width="22" height="10" rx="3" fill="#3b3430"/>` +
    `<rect x="628" y="432" width="22" height="10" rx="3" fill="#3b3430"/>`;
  if (style === "divan") {
    const seams = [310, 490]
      .map(
        (x) =>
          `<line x1="${x}" y1="358" x2="${x}" y2="426" stroke="${shade(colour, -0.25)}" stroke-width="2"/>`,
      )
      .join("");
    return face + seams + feet;
  }
  const drawers = [146, 408]
    .map(
      (x) =>
        `<rect x="${x}" y="364" width="246" height="58" rx="6" fill="${shade(colour, 0.08)}" stroke="${shade(colour, -0.3)}" stroke-width="2"/>` +
        `<rect x="${x + 98}" y="388" width="50" height="8" rx="4" fill="${shade(colour, -0.45)}"/>`,
    )
    .join("");
  return face + drawers + feet;
}

/** An adjustable base seen from the side, head section raised. */
function adjustable(p: string, colour: string, tape: string): string {
  const section = (x: number, w: number, extra = "") =>
    `<g ${extra}><rect x="${x}" y="300" width="${w}" height="56" rx="12" fill="url(#${p}mFront)"/><rect x="${x}" y="300" width="${w}" height="8" rx="4" fill="${tape}"/></g>`;
  const raised = `transform="rotate(24 384 356)"`;
  return (
    `<rect x="150" y="360" width="520" height="40" rx="8" fill="url(#${p}base)"/>` +
    `<rect x="180" y="400" width="16" height="40" fill="#3b3430"/><rect x="624" y="400" width="16" height="40" fill="#3b3430"/>` +
    `<rect x="390" y="400" width="40" height="26" rx="4" fill="${shade(colour, -0.4)}"/>` +
    section(380, 300) +
    section(140, 244, raised) +
    `<rect x="168" y="268" width="124" height="40" rx="17" fill="url(#${p}pillow)" ${raised}/>` +
    `<rect x="590" y="420" width="26" height="44" rx="8" fill="#2f2f33"/><circle cx="603" cy="433" r="4" fill="#8fd3ff"/>`
  );
}
