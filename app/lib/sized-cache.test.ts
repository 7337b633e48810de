import { describe, expect, it } from "vitest";
import { SizedCache, stringBytes } from "./sized-cache";

describe("SizedCache", () => {
  it("drops the least recently used entries once the sizes pass the bound", () => {
    const cache = new SizedCache<string>(10);
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    expect(cache.get("a")).toBe("A"); // a is now the most recently used
    cache.set("c", "C", 4);
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("a")).toBe("A");
    expect(cache.peek("c")).toBe("C");
    expect(cache.size).toBe(8);
  });

  it("counts a replaced entry once and a grown one at its new size", () => {
    const cache = new SizedCache<string>(10);
    cache.set("a", "A", 4);
    cache.set("a", "A2", 5);
    expect(cache.size).toBe(5);
    cache.set("b", "B", 3);
    cache.grow("b", 3); // 5 + 6 > 10: the oldest, a, goes
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.size).toBe(6);
    cache.delete("b");
    expect(cache.size).toBe(0);
  });

  it("peeking leaves the order as it is", () => {
    const cache = new SizedCache<string>(8);
    cache.set("a", "A", 4);
    cache.set("b", "B", 4);
    cache.peek("a");
    cache.set("c", "C", 4);
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.peek("b")).toBe("B");
  });
});

describe("stringBytes", () => {
  it("counts one byte a character, or two when any is above U+00FF", () => {
    expect(stringBytes("queen bed")).toBe(9);
    expect(stringBytes("crème")).toBe(5);
    expect(stringBytes("4.5 ★")).toBe(10);
  });
});
