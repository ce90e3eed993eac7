import { describe, expect, it } from "vitest";
import { changesPageSearch, type ChangesView, changesViewSearch } from "./search-params";

const view = (over: Partial<ChangesView> = {}): ChangesView => ({
  since: "7d",
  kind: [],
  fund: null,
  q: "",
  ...over,
});

describe("the changes view's links", () => {
  it("leave out what is the default, page 1 too", () => {
    expect(changesViewSearch(view())).toBe("");
    expect(changesPageSearch(view(), 1)).toBe("");
  });

  it("are the view's first page, and name the other pages", () => {
    const filtered = view({
      since: "30d",
      kind: ["paid", "added"],
      fund: "0d6c3f1e-8a4b-4c2d-9e7f-123456789abc",
      q: "a b",
    });
    expect(changesViewSearch(filtered)).toBe(
      "?since=30d&kind=paid,added&fund=0d6c3f1e-8a4b-4c2d-9e7f-123456789abc&q=a+b",
    );
    expect(changesViewSearch(filtered)).toBe(changesPageSearch(filtered, 1));
    expect(changesPageSearch(filtered, 2)).toBe(`${changesViewSearch(filtered)}&page=2`);
  });
});
