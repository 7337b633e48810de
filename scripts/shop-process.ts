import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

export type RunningShop = {
  url: string;
  /** The server process's id (to read its memory use). */
  pid: number;
  /** Sends SIGTERM and resolves with the exit code once the process has exited. */
  stop(): Promise<number | null>;
  /** What the process wrote to stderr so far, when started with `captureStderr`. */
  stderr(): string;
  /** What the process wrote to stdout so far (its log lines), when started with `captureStdout`. */
  stdout(): string;
};

/**
 * Starts the built shop (production mode) in a child process on a free loopback port and waits
 * for /healthz; used by the browser journeys and the benchmark.
 */
export async function startShop(options: {
  env: Record<string, string>;
  seedIfEmpty?: boolean;
  output?: "inherit" | "ignore";
  captureStderr?: boolean;
  captureStdout?: boolean;
  /** The host name of the shop's address (PUBLIC_URL); other names are sent there. */
  publicHost?: string;
  /** Another checkout of the shop to run, with its own build (a benchmark's baseline). */
  cwd?: string;
}): Promise<RunningShop> {
  const port = await freePort();
  const url = `http://${options.publicHost ?? "127.0.0.1"}:${port}`;
  // The compiled server entry of the build (npm run build), as `npm start` runs it.
  const buildDir = options.cwd ? "build" : process.env.BUILD_DIR || "build";
  const entry = path.join(buildDir, "server/main.js");
  const args = [entry, ...(options.seedIfEmpty ? ["--seed-if-empty"] : [])];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      // Browser journeys and benchmarks run the production build on demo data: they need a
      // secret (not a real one), the shop's address, the demo gateway and the demo owner.
      BETTER_AUTH_SECRET:
        process.env.BETTER_AUTH_SECRET ?? "test-only-auth-secret-for-local-shop-processes",
      PUBLIC_URL: url,
      DEMO_PAYMENTS: "true",
      ALLOW_DEMO_OWNER: "true",
      // Every shopper of a journey or a benchmark comes from the one loopback address: its
      // unpaid orders may hold as many delivery days as they place.
      DELIVERY_HOLDS_PER_SHOPPER: "1000",
      // A line per request would bury the test's own output; warnings and errors still show.
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      ...(options.cwd ? { BUILD_DIR: buildDir } : {}),
      ...options.env,
    },
    stdio: [
      "ignore",
      options.captureStdout ? "pipe" : (options.output ?? "inherit"),
      options.captureStderr ? "pipe" : "inherit",
    ],
  });
  let stderr = "";
  let stdout = "";
  child.stderr?.setEncoding("utf8").on("data", (text: string) => (stderr += text));
  child.stdout?.setEncoding("utf8").on("data", (text: string) => (stdout += text));
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  await waitForHealth(url, child, () => stderr);
  return {
    url,
    pid: child.pid!,
    stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      return exited;
    },
    stderr: () => stderr,
    stdout: () => stdout,
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, stderr: () => string) {
  // The demo shop seeds and draws its pictures at its first start: minutes on a busy machine.
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The shop exited with code ${child.exitCode}.\n${stderr()}`.trimEnd());
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The shop did not become healthy within 300 seconds.");
}
