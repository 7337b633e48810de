import { spawnSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DEMO_OWNER } from "../app/domain/auth/demo-owner";

/**
 * `npm run demo`: builds the shop when the build is missing or older than the sources, then
 * serves it in production mode, migrating and seeding the demo data when the database is empty.
 */
// The compiled server entry, written last by \`npm run build\`.
const builtEntry = path.resolve("build/server/main.js");
const sources = [
  "app",
  "server",
  "scripts/build-server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "package-lock.json",
];

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
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

console.log(
  `Back office: /admin-login as ${DEMO_OWNER.email} with password ${DEMO_OWNER.password} (demo owner)`,
);
const port = process.env.PORT || "3000";
const server = spawn(process.execPath, [builtEntry, "--seed-if-empty"], {
  stdio: "inherit",
  // The demo: its own address, the demo gateway and the demo owner switched on (a real shop
  // sets none of these: see docs/decisions/013-deployment.md).
  env: {
    ...process.env,
    NODE_ENV: "production",
    PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
    DEMO_PAYMENTS: process.env.DEMO_PAYMENTS ?? "true",
    ALLOW_DEMO_OWNER: process.env.ALLOW_DEMO_OWNER ?? "true",
    // Readable log lines in a terminal rather than production's JSON.
    LOG_FORMAT: process.env.LOG_FORMAT ?? "pretty",
    BETTER_AUTH_SECRET: process.env.BETTER_AUTH_SECRET || demoSecret(),
    // Payment keys saved in Settings > Integrations are encrypted with it.
    SETTINGS_ENCRYPTION_KEY: process.env.SETTINGS_ENCRYPTION_KEY || demoSettingsKey(),
  },
});
/**
 * The demo's session and payment-signing secret when BETTER_AUTH_SECRET is unset: random, made
 * once and kept with the demo's data, never a constant anyone could read in the source.
 */
function demoSecret(): string {
  const dataDir = process.env.DATA_DIR || "./data";
  const file = path.join(dataDir, "demo-auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The demo's key for secrets saved in the settings when SETTINGS_ENCRYPTION_KEY is unset: made
 * once and kept with the demo's data (outside the backups, which hold the database and media).
 */
function demoSettingsKey(): string {
  const dataDir = process.env.DATA_DIR || "./data";
  const file = path.join(dataDir, "demo-settings-key");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString("base64");
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code) => process.exit(code ?? 0));
