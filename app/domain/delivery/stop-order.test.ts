import { describe, expect, it } from "vitest";
import { moveStop, type StopDirection } from "./stop-order";

describe("moving a stop in a run's order", () => {
  it.each<[string[], string, StopDirection, string[]]>([
    [["a", "b", "c"], "b", "up", ["b", "a", "c"]],
    [["a", "b", "c"], "b", "down", ["a", "c", "b"]],
    [["a", "b", "c"], "a", "up", ["a", "b", "c"]],
    [["a", "b", "c"], "c", "down", ["a", "b", "c"]],
    [["a", "b", "c"], "c", "up", ["a", "c", "b"]],
    [["a"], "a", "down", ["a"]],
    [["a", "b"], "z", "up", ["a", "b"]],
  ])("%j: %s %s gives %j, the same stops", (stops, stop, direction, expected) => {
    const moved = moveStop(stops, stop, direction);
    expect(moved).toEqual(expected);
    expect([...moved].sort()).toEqual([...stops].sort());
  });
});
