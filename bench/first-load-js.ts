import zlib from "node:zlib";

/**
 * The JavaScript a page loads on its first visit, as the issue counts it: every script file the
 * document references (module preloads, including the ones held back until the first paint, and
 * the boot module's imports), each compressed with gzip at level 9, in KB. Lighthouse's
 * "transferred" figure adds response headers and the server's own compression level on top.
 */
export async function firstLoadJsKb(url: string): Promise<{ kb: number; files: number }> {
  const html = await (await fetch(url)).text();
  const files = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="([^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) {
    files.add(match[1]!);
  }
  let bytes = 0;
  for (const file of files) {
    const response = await fetch(new URL(file, url));
    if (!response.ok) throw new Error(`${file} answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    bytes += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { kb: bytes / 1024, files: files.size };
}
