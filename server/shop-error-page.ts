/**
 * The page for a request that failed before React Router could answer it (so without the shop's
 * layout and styles): the shop's words, a way home, and the reference staff find in the logs.
 */
export function shopErrorPage(reference: string): string {
  const ref = reference.replace(/[^\w-]/g, "");
  return `<!doctype html>
<html lang="en-ZA">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#111;background:#fff}@media (prefers-color-scheme:dark){body{color:#eee;background:#111}a{color:#9ecbff}}</style>
</head>
<body><main>
<h1>Something went wrong</h1>
<p>Something went wrong on our side. Please try again.</p>
${ref ? `<p>Reference: <code>${ref}</code></p>` : ""}
<p><a href="/">Return to Home</a></p>
</main></body>
</html>`;
}
