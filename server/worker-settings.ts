/**
 * What the server processes of WEB_CONCURRENCY start with besides this process's environment and
 * command line. Both settings are read only as a process starts; a value set for the shop (in
 * the environment, NODE_OPTIONS or the command line) is kept.
 */

/**
 * The C library gives each thread that allocates (zlib's compression runs on libuv's thread
 * pool) a memory arena of its own and rarely gives freed memory back; two arenas held each
 * process 15-20 MB lower under load at the same speed (bench/README.md).
 */
export function workerEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? "2" };
}

const SEMI_SPACE = /^--max[-_]semi[-_]space[-_]size(=|$)/;

/**
 * V8's young generation at most 8 MB a half instead of 16: under distinct listings a process
 * grows it to its largest and keeps it. With 8 MB each process peaked 30-35 MB lower, at about
 * the same requests per second (bench/README.md, "Warmed up").
 */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ""): string[] {
  const given = [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => SEMI_SPACE.test(arg));
  return given ? [...execArgv] : [...execArgv, "--max-semi-space-size=8"];
}
