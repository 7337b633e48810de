import { bedArt, type BedOptions } from "./beds";
import { glow, shade, svgDocument, vGradient } from "./svg";

/** Wide pictures of the shop: hero slides, the lifestyle banner and the about page. */

const W = 1600;
const H = 900;
const FLOOR = 640;

type Scene = { defs: string[]; body: string[] };

function room(scene: Scene, wall: string, floor: string) {
  scene.defs.push(
    vGradient("wall", shade(wall, 0.25), shade(wall, -0.05)),
    vGradient("floor", shade(floor, 0.1), shade(floor, -0.2)),
    glow("lampGlow", "#ffd98a", 0.75),
    glow("sun", "#fff4d6", 0.35),
    vGradient("sky", "#a9d4f2", "#f7e7c6"),
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
  );
  const planks = Array.from({ length: 17 }, (_, i) => {
    const x = -200 + i * 125;
    return `<line x1="${W / 2 + (x - W / 2) * 0.55}" y1="${FLOOR}" x2="${x}" y2="${H}" stroke="${shade(floor, -0.3)}" stroke-opacity="0.35" stroke-width="2"/>`;
  }).join("");
  scene.body.push(
    `<rect width="${W}" height="${FLOOR}" fill="url(#wall)"/>`,
    `<rect y="${FLOOR}" width="${W}" height="${H - FLOOR}" fill="url(#floor)"/>`,
    planks,
    `<rect y="${FLOOR - 18}" width="${W}" height="18" fill="${shade(wall, 0.5)}"/>`,
  );
}

function windowPane(x: number, y: number, w: number, h: number): string {
  return (
    `<ellipse cx="${x + w / 2}" cy="${FLOOR + 90}" rx="${w * 0.9}" ry="60" fill="url(#sun)"/>` +
    `<rect x="${x - 14}" y="${y - 14}" width="${w + 28}" height="${h + 28}" rx="6" fill="#f7f1e8"/>` +
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<ellipse cx="${x + w * 0.3}" cy="${y + h * 0.3}" rx="${w * 0.2}" ry="14" fill="#fff" fill-opacity="0.7"/>` +
    `<rect x="${x + w / 2 - 5}" y="${y}" width="10" height="${h}" fill="#f7f1e8"/>` +
    `<rect x="${x}" y="${y + h * 0.45}" width="${w}" height="10" fill="#f7f1e8"/>` +
    `<rect x="${x - 40}" y="${y - 30}" width="40" height="${h + 50}" rx="8" fill="#e9d3b6"/>` +
    `<rect x="${x + w}" y="${y - 30}" width="40" height="${h + 50}" rx="8" fill="#e9d3b6"/>`
  );
}

function pendant(x: number, drop: number): string {
  return (
    `<line x1="${x}" y1="0" x2="${x}" y2="${drop}" stroke="#3a3028" stroke-width="3"/>` +
    `<circle cx="${x}" cy="${drop + 30}" r="110" fill="url(#lampGlow)"/>` +
    `<path d="M${x - 44} ${drop + 40} Q${x} ${drop - 30} ${x + 44} ${drop + 40} Z" fill="#c98b3c"/>`
  );
}

function plant(x: number): string {
  const leaves = Array.from({ length: 7 }, (_, i) => {
    const angle = -70 + i * 23;
    return `<ellipse cx="${x}" cy="${FLOOR - 150}" rx="18" ry="70" fill="${i % 2 ? "#4f7f52" : "#6a9c5f"}" transform="rotate(${angle} ${x} ${FLOOR - 90})"/>`;
  }).join("");
  return (
    leaves +
    `<path d="M${x - 40} ${FLOOR - 90} L${x + 40} ${FLOOR - 90} L${x + 30} ${FLOOR + 20} L${x - 30} ${FLOOR + 20} Z" fill="#c7a27c"/>`
  );
}

function pedestalWithLamp(x: number, colour: string): string {
  const top = FLOOR - 50;
  return (
    `<circle cx="${x}" cy="${top - 120}" r="120" fill="url(#lampGlow)"/>` +
    `<rect x="${x - 60}" y="${top}" width="120" height="110" rx="6" fill="${colour}"/>` +
    `<rect x="${x - 50}" y="${top + 12}" width="100" height="40" rx="4" fill="${shade(colour, 0.12)}"/>` +
    `<rect x="${x - 50}" y="${top + 60}" width="100" height="40" rx="4" fill="${shade(colour, 0.12)}"/>` +
    `<rect x="${x - 4}" y="${top - 80}" width="8" height="80" fill="#b08d57"/>` +
    `<path d="M${x - 42} ${top - 76} L${x + 42} ${top - 76} L${x + 28} ${top - 140} L${x - 28} ${top - 140} Z" fill="#f4e6c8"/>`
  );
}

function frameArt(x: number, y: number, w: number, h: number, colour: string): string {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#3a3028"/>` +
    `<rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" fill="${shade(colour, 0.5)}"/>` +
    `<circle cx="${x + w * 0.62}" cy="${y + h * 0.4}" r="${Math.min(w, h) * 0.18}" fill="${colour}"/>` +
    `<path d="M${x + 10} ${y + h - 10} L${x + w * 0.4} ${y + h * 0.45} L${x + w - 10} ${y + h - 10} Z" fill="${shade(colour, -0.2)}"/>`
  );
}

/** Places a bed (drawn standing at y 440 in an 800-wide box) centred on x, standing on floorY. */
function bed(
  scene: Scene,
  options: BedOptions,
  id: string,
  x: number,
  floorY: number,
  scale: number,
) {
  const art = bedArt(options, id);
  scene.defs.push(art.defs);
  scene.body.push(
    `<ellipse cx="${x}" cy="${floorY + 6}" rx="${330 * scale}" ry="${28 * scale}" fill="url(#shadow)"/>`,
    `<g transform="translate(${x - 400 * scale} ${floorY - 440 * scale}) scale(${scale})">${art.body}</g>`,
  );
}

function render(scene: Scene, height = H): string {
  return svgDocument({ width: W, height, defs: scene.defs.join(""), body: scene.body.join("") });
}

const SLIDES: ((scene: Scene) => void)[] = [
  (s) => {
    room(s, "#ecd5b8", "#b98a5e");
    s.body.push(windowPane(120, 150, 300, 360), pendant(800, 120), pendant(1250, 150));
    bed(s, { colour: "#8a5a44", style: "platform", headboard: true }, "a", 560, 760, 0.78);
    bed(
      s,
      { colour: "#4a5d7a", style: "storage", headboard: true, tufted: true },
      "b",
      1180,
      800,
      0.9,
    );
  },
  (s) => {
    room(s, "#e4cfb0", "#a87b52");
    s.body.push(windowPane(660, 110, 280, 300), frameArt(240, 200, 180, 140, "#c0785a"));
    s.body.push(pedestalWithLamp(440, "#7a5238"), pedestalWithLamp(1160, "#7a5238"));
    bed(
      s,
      { colour: "#6f7f6a", style: "divan", headboard: true, tufted: true },
      "a",
      800,
      820,
      1.05,
    );
    s.body.push(plant(1420));
  },
  (s) => {
    room(s, "#f0d9c0", "#b0805a");
    s.body.push(frameArt(660, 140, 280, 180, "#5a7f9a"), pendant(300, 90), pendant(1300, 90));
    bed(s, { colour: "#4a4e69", style: "adjustable", tape: "#9a8c98" }, "a", 330, 740, 0.7);
    bed(s, { colour: "#a0522d", style: "divan" }, "b", 800, 800, 0.82);
    bed(s, { colour: "#2f4858", style: "storage", headboard: true }, "c", 1280, 760, 0.74);
  },
  (s) => {
    room(s, "#efd2b0", "#9c7048");
    s.body.push(windowPane(200, 140, 260, 340), windowPane(1140, 140, 260, 340), pendant(800, 70));
    s.body.push(`<ellipse cx="800" cy="790" rx="560" ry="70" fill="#d8b48a" fill-opacity="0.7"/>`);
    bed(
      s,
      { colour: "#b08968", style: "platform", headboard: true, tufted: true },
      "a",
      800,
      800,
      1.0,
    );
    s.body.push(plant(90));
  },
];

/** One of the four hero slides (index 0-3). */
export function drawShowroom(index: number): string {
  const scene: Scene = { defs: [], body: [] };
  SLIDES[index % SLIDES.length]!(scene);
  return render(scene);
}

/** A made bed in the morning light, with a throw over its foot: the home page's wide banner. */
export function drawLifestyle(): string {
  const s: Scene = { defs: [vGradient("throw", "#c8694a", "#8f3f2a")], body: [] };
  room(s, "#f2dfc6", "#b88b62");
  s.body.push(windowPane(1120, 120, 300, 380), frameArt(430, 170, 220, 150, "#8a9a5b"));
  s.body.push(pedestalWithLamp(330, "#8b6b4a"));
  bed(
    s,
    { colour: "#d8c3a5", style: "divan", headboard: true, tufted: true, tape: "#b5835a" },
    "a",
    780,
    820,
    1.0,
  );
  s.body.push(
    `<path d="M450 690 L1110 690 L1120 790 Q780 810 440 790 Z" fill="url(#throw)"/>`,
    `<path d="M455 700 L1105 700" stroke="#f1c7a8" stroke-width="4" stroke-dasharray="14 10"/>`,
    plant(1500),
  );
  return render(s);
}

/** The shop front on the main street, with beds in its display windows. */
export function drawShopFront(): string {
  const s: Scene = {
    defs: [
      vGradient("sky", "#8ec5ea", "#f4e3c3"),
      vGradient("facade", "#f3e6d3", "#dcc6a8"),
      vGradient("glass", "#f7e2b8", "#d9b98a"),
      `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.3"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`,
      `<pattern id="awning" width="80" height="10" patternUnits="userSpaceOnUse"><rect width="40" height="10" fill="#2f5d50"/><rect x="40" width="40" height="10" fill="#f4efe6"/></pattern>`,
    ],
    body: [],
  };
  s.body.push(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>`,
    `<rect x="140" y="140" width="1320" height="620" fill="url(#facade)"/>`,
    `<rect x="120" y="120" width="1360" height="40" fill="#c9ab85"/>`,
    `<rect x="420" y="190" width="760" height="90" rx="8" fill="#2f5d50"/>`,
    `<rect x="460" y="222" width="680" height="26" rx="13" fill="#f4efe6" fill-opacity="0.9"/>`,
    `<path d="M180 320 L1420 320 L1460 390 L140 390 Z" fill="url(#awning)"/>`,
    `<rect x="200" y="400" width="480" height="300" fill="url(#glass)"/>`,
    `<rect x="920" y="400" width="480" height="300" fill="url(#glass)"/>`,
    `<rect x="720" y="420" width="160" height="280" fill="#5b4636"/><circle cx="860" cy="560" r="7" fill="#e0c080"/>`,
    `<rect y="760" width="${W}" height="140" fill="#b9b2a7"/><rect y="760" width="${W}" height="10" fill="#8f877c"/>`,
  );
  bed(s, { colour: "#4a5d7a", style: "divan", headboard: true, tufted: true }, "a", 440, 690, 0.5);
  bed(s, { colour: "#8a5a44", style: "platform", headboard: true }, "b", 1160, 690, 0.5);
  s.body.push(
    `<rect x="200" y="400" width="480" height="300" fill="none" stroke="#3a3028" stroke-width="12"/>`,
    `<rect x="920" y="400" width="480" height="300" fill="none" stroke="#3a3028" stroke-width="12"/>`,
    `<rect x="60" y="520" width="24" height="250" fill="#6b4f3a"/><circle cx="72" cy="470" r="110" fill="#5f8a55"/><circle cx="20" cy="540" r="70" fill="#6f9c62"/>`,
  );
  return render(s);
}
