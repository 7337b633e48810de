import { beforeEach } from "vitest";

/**
 * The shop's rate limits count attempts in fixed 15-minute windows of the clock
 * (app/domain/security/rate-limit.server.ts). A test that makes the limit's attempts and expects
 * the next to be refused fails when a window ends in the middle of it: the count starts again.
 * Each test of the file starts at least `marginMs` before a window's end, waiting for the next
 * window when it is closer.
 */
export function awayFromWindowEdges(windowSeconds = 15 * 60, marginMs = 20_000) {
  beforeEach(() => clearOfWindowEdge(windowSeconds, marginMs), marginMs + 10_000);
}

/** The same for one test: waits for the next window when this one ends within `marginMs`. */
export async function clearOfWindowEdge(windowSeconds = 15 * 60, marginMs = 20_000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
