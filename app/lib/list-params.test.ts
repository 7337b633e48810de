import { describe, expect, it } from "vitest";
import { defineList, listQuery, listSearch, readListParams } from "./list-params";

const SPEC = defineList({
  sorts: ["date", "number", "total"] as const,
  defaultSort: "date",
  defaultDirection: "desc",
  statuses: ["pending", "completed"] as const,
  pageSize: 20,
});
const read = (query: string) => readListParams(SPEC, new URLSearchParams(query));

describe("a list's parameters in the URL", () => {
  it("reads search, filter, sort and page, and falls back to the defaults for anything else", () => {
    expect(read("")).toEqual({
      q: "",
      status: "all",
      sort: "date",
      direction: "desc",
      page: 1,
      pageSize: 20,
    });
    expect(read("q=+naledi+&status=completed&sort=total&dir=asc&page=3")).toMatchObject({
      q: "naledi",
      status: "completed",
      sort: "total",
      direction: "asc",
      page: 3,
    });
    for (const bad of [
      "status=shipped&sort=price&dir=up&page=-2",
      "page=1.5",
      "page=abc",
      "page=0",
    ]) {
      expect(read(bad)).toMatchObject({ status: "all", sort: "date", direction: "desc", page: 1 });
    }
    expect(read(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    expect(read("page=99999999999").page).toBe(100_000);
    // Another column's first click sorts it ascending.
    expect(read("sort=number").direction).toBe("asc");
  });

  it("writes links that keep the rest, start new searches at page 1 and leave out defaults", () => {
    const params = read("q=bed&status=pending&sort=total&dir=asc&page=4");
    expect(listSearch(SPEC, params, { page: 5 })).toBe(
      "?q=bed&status=pending&sort=total&dir=asc&page=5",
    );
    expect(listSearch(SPEC, params, { status: "all" })).toBe("?q=bed&sort=total&dir=asc");
    expect(listSearch(SPEC, params, { sort: "date", direction: "desc", q: "" })).toBe(
      "?status=pending",
    );
    expect(listSearch(SPEC, read(""), {})).toBe("");
    // Round trip: what a link writes, the loader reads back.
    const link = listSearch(SPEC, params, { page: 2 });
    expect(read(link.slice(1))).toEqual({ ...params, page: 2 });
  });

  it("carries a spec's further filters from the URL into its links", () => {
    const spec = defineList({ ...SPEC, filters: ["warehouse"] as const });
    const params = readListParams(spec, new URLSearchParams("warehouse=+2+&other=x&page=3"));
    expect(params.filters).toEqual({ warehouse: "2" });
    expect(listSearch(spec, params, { page: 4 })).toBe("?warehouse=2&page=4");
    expect(listSearch(spec, params, { filters: {} })).toBe("");
    expect(readListParams(spec, new URLSearchParams("warehouse=")).filters).toEqual({});
    // A list without further filters has none.
    expect(read("warehouse=2").filters).toBeUndefined();
  });

  it("links from another page to a list opened with only the given filter set", () => {
    const spec = defineList({ ...SPEC, filters: ["warehouse"] as const });
    const query = listQuery(spec, { status: "pending", filters: { warehouse: "2" } });
    expect(query).toBe("?status=pending&warehouse=2");
    const params = readListParams(spec, new URLSearchParams(query));
    expect(params).toMatchObject({ status: "pending", filters: { warehouse: "2" }, page: 1 });
    expect(listQuery(SPEC, {})).toBe("");
  });
});
