import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  // PGlite ships WASM and data files it loads relative to its own module.
  ssr: { external: ["@electric-sql/pglite", "sharp", "pg", "nodemailer"] },
  optimizeDeps: { exclude: ["@electric-sql/pglite"] },
});
