/**
 * Icons repeated on every card of a listing, drawn once per page (`SpriteSheet`, in the store
 * layout) and referenced with `<use>`: a listing's 24 hearts cost 24 short tags instead of 24
 * copies of the drawing. Paths from lucide (ISC licence), like the shop's other icons.
 */
const ICONS = {
  heart:
    "M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5",
} as const;

export type SpriteIconName = keyof typeof ICONS;

export function SpriteSheet() {
  return (
    <svg aria-hidden width="0" height="0" className="absolute">
      {Object.entries(ICONS).map(([name, d]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <path d={d} />
        </symbol>
      ))}
    </svg>
  );
}

/** A lucide-style stroked icon from the page's sprite sheet; colour and fill come from classes. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg
      aria-hidden
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
