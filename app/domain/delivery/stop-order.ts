/** Up or down a run's order: towards the first stop or the last. */
export const STOP_DIRECTIONS = ["up", "down"] as const;
export type StopDirection = (typeof STOP_DIRECTIONS)[number];

/**
 * The run's stops after one of them moves a place up or down; the same list when it is already
 * first (up) or last (down), or is not in it.
 */
export function moveStop<T>(stops: readonly T[], stop: T, direction: StopDirection): T[] {
  const from = stops.indexOf(stop);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= stops.length) return [...stops];
  const next = [...stops];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
