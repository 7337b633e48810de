import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createRequire } from "node:module";
import path from "node:path";
import { defineConfig } from "vite";
import { chunkingFor } from "./vite.chunks";

// React Router's package points every bundler at its development build, which keeps developer
// warnings; the browser build gets the production build beside it (same code, warnings off).
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production",
);

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    tsconfigPaths: true,
    alias:
      command !== "build" || isSsrBuild
        ? []
        : [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, "index.mjs") },
            {
              find: /^react-router\/dom$/,
              replacement: path.join(reactRouterDist, "dom-export.mjs"),
            },
          ],
  },
  // PGlite ships WASM and data files it loads relative to its own module.
  ssr: {
    external: ["@electric-sql/pglite", "sharp", "pg", "nodemailer"],
    // Bundled, so the server keeps only the icons the back office draws: left external, every
    // process loaded all of lucide's icons (1.3 MB of source).
    noExternal: ["lucide-react"],
  },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
  // Fewer, larger files for the browser (see vite.chunks.ts).
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: chunkingFor() } } },
}));
