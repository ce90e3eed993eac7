import { describe, expect, it } from "vitest";
import { nextPageCursor, pageParams } from "./paged";

const rows = (n: number) => Array.from({ length: n }, (_, i) => i);

describe("nextPageCursor", () => {
  it("starts after the last row and names the version the first page was cut from", () => {
    expect(nextPageCursor({ offset: 0, rows: rows(100), matched: 1000, version: "v1" })).toEqual({
      offset: 100,
      version: "v1",
    });
  });

  it("names no version for a list still being read, and ends at the last row or an empty page", () => {
    expect(nextPageCursor({ offset: 0, rows: rows(100), matched: 1000, version: null })).toEqual({ offset: 100 });
    expect(nextPageCursor({ offset: 900, rows: rows(100), matched: 1000, version: "v1" })).toBeUndefined();
    expect(nextPageCursor({ offset: 100, rows: [], matched: 1000, version: "v1" })).toBeUndefined();
  });
});

describe("pageParams", () => {
  it("keeps the view's search and asks for a first screen, then larger later pages of one version", () => {
    expect(pageParams("?q=ann&sort=name.asc", { offset: 0 }, 100).toString()).toBe(
      "q=ann&sort=name.asc&offset=0&limit=100",
    );
    expect(pageParams("?q=ann", { offset: 100, version: "v1" }, 100).toString()).toBe(
      "q=ann&offset=100&limit=300&version=v1",
    );
  });
});

describe("keyset pages", () => {
  const rows = (n: number) => Array.from({ length: n }, (_, at) => at);
  it("carry the server's cursor to the next page, and stop where the server says the view ends", () => {
    const first = { offset: 0, rows: rows(100), matched: 1000, version: "v1", next: "abc" };
    expect(nextPageCursor(first)).toEqual({ offset: 100, version: "v1", after: "abc" });
    expect(pageParams("?sort=name.asc", { offset: 100, version: "v1", after: "abc" }, 100).get("after")).toBe("abc");
    expect(nextPageCursor({ ...first, next: null })).toBeUndefined();
  });
});
