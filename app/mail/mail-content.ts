/**
 * What the HTML layout shows of a message (docs/decisions/047). The text part is the message's
 * own `text`; this is the same message laid out: a heading, paragraphs, an order's lines and
 * totals, one button, and the unsubscribe link of marketing mail.
 */
export type MailContent = {
  heading: string;
  /**
   * Paragraphs; a single line break inside one is kept, a URL on the shop's public origin becomes
   * a link (any other stays text: a visitor's words never link elsewhere).
   */
  paragraphs?: string[];
  lines?: MailLine[];
  totals?: MailTotal[];
  /** Paragraphs after the lines, totals and button (delivery address, lay-by terms). */
  after?: string[];
  action?: { label: string; url: string };
  /** Marketing mail (the newsletter): the unsubscribe link in the footer. */
  marketing?: { unsubscribeUrl: string };
};

/** Who the message is from, as its footer names them. */
export type MailShop = { name: string; email: string; phone?: string; address?: string };

export type MailLine = { description: string; quantity: number; amountCents: number };

/** A total's amount, or words where there is none ("Free", "To be quoted"). */
export type MailTotal = { label: string; value: number | string; strong?: boolean };

/** A plain-text message's content for the layout: the subject as heading, its paragraphs. */
export function plainContent(subject: string, text: string): MailContent {
  return { heading: subject, paragraphs: paragraphsOf(text) };
}

/** Blank-line separated paragraphs of a text, each trimmed, none empty. */
export function paragraphsOf(text: string): string[] {
  return text
    .replace(/\r\n/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

export type TextPiece = { text: string } | { url: string };

// A URL ends before white space or an angle bracket; trailing punctuation is the sentence's.
const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/**
 * A line cut into its text and the URLs to make links of: only those on the shop's public
 * `origin`. The shop's own builders write every link on that origin; a URL anywhere else can only
 * be words a visitor typed (a name, a message), and stays text, so the shop's mail never carries
 * a visitor's link to another site.
 */
export function linkPieces(line: string, origin: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)]+$/, "");
    if (!isOnOrigin(url, origin)) continue;
    const start = match.index;
    if (start > at) pieces.push({ text: line.slice(at, start) });
    pieces.push({ url });
    at = start + url.length;
  }
  if (at < line.length) pieces.push({ text: line.slice(at) });
  return pieces;
}

/** Whether `url` is on `origin` (scheme, host and port), as a browser would read both. */
function isOnOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

const SALUTATION = /^(Dear|Hello|Hi)\b[^\n]*,$/;

/** The inbox's preview line: the first paragraph, cut at a word near 110 characters. */
export function previewOf(content: MailContent): string {
  const opening = content.paragraphs?.find((p) => !SALUTATION.test(p));
  const first = (opening ?? content.heading).replace(/\s+/g, " ").trim();
  if (first.length <= 110) return first;
  const cut = first.slice(0, 110);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 80))}…`;
}
