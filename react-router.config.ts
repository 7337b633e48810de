import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets a benchmark or an experiment build beside the shared build/ folder.
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;
