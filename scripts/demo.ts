import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEMO_OWNER } from "../app/domain/auth/demo-owner";

/**
 * `npm run demo`: builds the shop when the build is missing or older than the sources, then
 * serves it in production mode, migrating and seeding the demo data when the database is empty.
 */
const builtEntry = path.resolve("build/server/index.js");
const sources = ["app", "vite.config.ts", "react-router.config.ts", "package-lock.json"];

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce(
      (newest, entry) => Math.max(newest, newestMtime(path.join(target, entry))),
      stat.mtimeMs,
    );
}

const builtAt = fs.existsSync(builtEntry) ? fs.statSync(builtEntry).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log("Building the shop...");
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(
  `Back office: /admin-login as ${DEMO_OWNER.email} with password ${DEMO_OWNER.password} (demo owner)`,
);
const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "--seed-if-empty"], {
  stdio: "inherit",
  // The demo signs its sessions with a fixed, public secret: set BETTER_AUTH_SECRET for a real shop.
  env: {
    ...process.env,
    NODE_ENV: "production",
    BETTER_AUTH_SECRET:
      process.env.BETTER_AUTH_SECRET ?? "demo-only-auth-secret-not-for-a-real-shop",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => process.exit(code ?? 0));
