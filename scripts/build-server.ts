import path from "node:path";
import { build } from "vite";

/**
 * `npm run build`'s second step: compiles the server entry (server/main.ts) to plain JavaScript
 * beside the application bundle, so production runs `node <build>/server/main.js` without a
 * TypeScript loader (which transformed every module, the application bundle included, and kept
 * their sources and maps: about 145 MB more per process). Packages stay external, as in the
 * application bundle; the shop's own modules the entry imports are compiled in.
 */
const buildDir = process.env.BUILD_DIR || "build";

await build({
  configFile: false,
  logLevel: "warn",
  resolve: { tsconfigPaths: true },
  // public/ belongs to the browser build (client/), not beside the server.
  publicDir: false,
  build: {
    ssr: path.resolve("server/main.ts"),
    outDir: path.join(buildDir, "server"),
    // The application bundle (index.js) is already there.
    emptyOutDir: false,
    target: "node20",
    minify: false,
    rolldownOptions: {
      output: {
        entryFileNames: "main.js",
        chunkFileNames: "main-[name]-[hash].js",
      },
    },
  },
});
