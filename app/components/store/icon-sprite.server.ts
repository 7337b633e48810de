/**
 * Writes the storefront's SVG sprite (`icons.svg`) from lucide's own drawings (lucide-react,
 * ISC licence): one `<symbol>` per name, its shapes exactly as lucide's components draw them.
 * Node only: `npm run icons` and the sprite's test use it; no page does.
 */
type Shape = [tag: string, attrs: Record<string, string | number>, children?: Shape[]];

const escape = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

function shapes(nodes: Shape[]): string {
  return nodes
    .map(([tag, attrs, children]) => {
      const attributes = Object.entries(attrs)
        .filter(([attr]) => attr !== "key")
        .map(([attr, value]) => ` ${attr}="${escape(String(value))}"`)
        .join("");
      return children?.length
        ? `<${tag}${attributes}>${shapes(children)}</${tag}>`
        : `<${tag}${attributes}/>`;
    })
    .join("");
}

async function iconData(name: string): Promise<{ node: Shape[]; size?: number }> {
  const module = (await import(`lucide-react/icons/${name}`)) as {
    __iconData?: { node: Shape[]; size?: number };
  };
  if (!module.__iconData) throw new Error(`lucide-react has no icon "${name}".`);
  return module.__iconData;
}

export async function buildIconSprite(names: readonly string[]): Promise<string> {
  const symbols = await Promise.all(
    names.map(async (name) => {
      const { node, size = 24 } = await iconData(name);
      return `<symbol id="${name}" viewBox="0 0 ${size} ${size}">${shapes(node)}</symbol>`;
    }),
  );
  return [
    "<!-- Written by `npm run icons` from app/components/store/icon-names.ts; do not edit by hand.",
    "     Drawings from Lucide (https://lucide.dev), Copyright (c) Lucide Icons and Contributors,",
    "     ISC licence (the full text is in lucide-react's LICENSE); some derive from Feather (MIT). -->",
    '<svg xmlns="http://www.w3.org/2000/svg">',
    ...symbols,
    "</svg>",
    "",
  ].join("\n");
}
