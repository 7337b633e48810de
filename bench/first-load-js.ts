import http from "node:http";

/** What a phone's Chrome says it takes. */
const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

/**
 * The JavaScript each page loads on its first visit, counted as Lighthouse counts "transferred":
 * every script file the document references (module preloads, including the ones held back until
 * the first paint, and the boot module's imports), each as the bytes on the wire when asked for
 * the way a browser asks (compressed as the server sends it, plus its status line and headers),
 * in KB. The files are asked for once first and counted two seconds later: the server makes
 * its best-compressed copy of each file once, just after it starts (before, on a file's first
 * request), and a visitor after the start-up gets those.
 */
export async function firstLoadJsKb(
  urls: string[],
): Promise<Map<string, { kb: number; files: number }>> {
  const pages = new Map<string, URL[]>();
  for (const url of urls) {
    const html = await (await fetch(url)).text();
    const files = new Set<string>();
    for (const match of html.matchAll(/(?:href|src)="([^"]+\.js)"/g)) files.add(match[1]!);
    for (const match of html.matchAll(/import\s*(?:\*\s*as\s*\w+\s*from\s*)?"([^"]+\.js)"/g)) {
      files.add(match[1]!);
    }
    pages.set(
      url,
      [...files].map((file) => new URL(file, url)),
    );
  }
  for (const addresses of pages.values()) {
    for (const address of addresses) await wireBytes(address);
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const counted = new Map<string, { kb: number; files: number }>();
  for (const [url, addresses] of pages) {
    let bytes = 0;
    for (const address of addresses) bytes += await wireBytes(address);
    counted.set(url, { kb: bytes / 1024, files: addresses.length });
  }
  return counted;
}

/** The size of one answer as sent: status line, headers and the (compressed) body. */
function wireBytes(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": BROWSER_ENCODINGS } }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`${url.pathname} answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let size = `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          size += `${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}\r\n`.length;
        }
        response.on("data", (chunk: Buffer) => (size += chunk.length));
        response.on("end", () => resolve(size));
      })
      .on("error", reject);
  });
}
