/**
 * The page's JavaScript starts loading after the first paint (see docs/decisions/010).
 *
 * The server (app/entry.server.tsx, `deferScripts` in deferred-scripts.server.ts) turns React
 * Router's module preloads and its boot module into inert elements: `<link rel="modulepreload">`
 * becomes `rel="x-modulepreload"` and `<script type="module">` becomes `type="x-deferred-module"`.
 * `deferredBootScript`, inline in the document's head, brings them back once the page has painted
 * its first content, the visitor touches or types, or three seconds after the document was
 * parsed, whichever comes first.
 * Every page works before its JavaScript (links, forms), so the HTML, the stylesheet and the first
 * image get the phone's bandwidth and processor first.
 */
export const INERT_MODULEPRELOAD = 'rel="x-modulepreload"';
export const INERT_MODULE_SCRIPT = 'type="x-deferred-module"';

/**
 * What the inline boot script leaves on `window`: `hydrating` is set by app/entry.client.tsx just
 * before React takes over (from then on React handles clicks itself), and `replay` is called by
 * root.tsx once the page has hydrated.
 */
declare global {
  interface Window {
    __shopBoot?: { hydrating: boolean; replay(): void };
  }
}

/**
 * Inline, in the document's head: starts React Router's scripts after the first paint. A tap on
 * a button that only works with JavaScript (wishlist heart, Add to Cart, View) before the page
 * has hydrated is kept and clicked again once it has, instead of being lost; links and forms
 * work without JavaScript anyway.
 */
const bootScriptSource = `(() => {
  let wanted = false, started = false, early = null;
  // The page's CSP allows inline scripts by this nonce (or by their hash, which a copy keeps).
  const nonce = document.currentScript ? document.currentScript.nonce : "";
  const boot = (window.__shopBoot = {
    hydrating: false,
    replay() {
      const button = early;
      early = null;
      if (button && button.isConnected && !button.disabled) button.click();
    },
  });
  const start = () => {
    if (started) return;
    started = true;
    for (const inert of document.querySelectorAll('script[${INERT_MODULE_SCRIPT}]')) {
      const script = document.createElement("script");
      script.type = "module";
      if (nonce) script.nonce = nonce;
      script.text = inert.text;
      document.head.append(script);
    }
    // The module's imports are fetched as it finds them; preloading the rest of its files at
    // once saves round trips. Each new preload costs the main thread a little, so they are
    // added a few at a time rather than in one long task.
    const hrefs = Array.from(document.querySelectorAll('link[${INERT_MODULEPRELOAD}]'), (link) => link.getAttribute("href"));
    const preload = () => {
      for (const href of hrefs.splice(0, 8)) {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
      }
      if (hrefs.length) setTimeout(preload);
    };
    preload();
  };
  const want = () => {
    if (wanted) return;
    wanted = true;
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  };
  for (const type of ["pointerdown", "keydown", "touchstart", "focusin"])
    addEventListener(type, want, { once: true, capture: true, passive: true });
  addEventListener("click", (event) => {
    if (boot.hydrating || !(event.target instanceof Element)) return;
    // Buttons with a native action of their own (popovers, invokers) need no replay.
    const button = event.target.closest('button[type="button"]:not([popovertarget]):not([commandfor])');
    if (button) early = button;
  }, true);
  document.addEventListener("DOMContentLoaded", () => setTimeout(want, 3000));
  if (typeof PerformanceObserver !== "undefined" && (PerformanceObserver.supportedEntryTypes || []).includes("paint")) {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(want));
    }).observe({ type: "paint", buffered: true });
  } else addEventListener("load", want);
})();`;

function withoutCommentsAndIndentation(source: string): string {
  return source.replace(/^\s*\/\/.*$/gm, "").replace(/\n\s*/g, "\n");
}

/** The boot script as sent: without comments and indentation (it goes out with every page). */
export const deferredBootScript = /* @__PURE__ */ withoutCommentsAndIndentation(bootScriptSource);
