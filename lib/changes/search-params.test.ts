import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraries, expectRoundTrip, viewOf } from "../testing/view-round-trip";
import {
  changesCsvParsers,
  changesPageParsers,
  changesPageSearch,
  type ChangesView,
  changesViewParsers,
  changesViewSearch,
  fundChangesParsers,
  fundChangesSearch,
} from "./search-params";
import { changeKinds } from "./types";

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

const views = viewOf(changesViewParsers, {
  since: arbitraries.since(),
  kind: arbitraries.literalSet(changeKinds),
  fund: fc.option(arbitraries.fundId()),
  q: arbitraries.search(200),
});

describe("the changes views' search params", () => {
  it("serialize then parse gives the same view and page: the page's links, read by the page and GET /api/changes", () => {
    expectRoundTrip({
      parsers: changesPageParsers,
      views: fc.record({ view: views, page: fc.integer({ min: 1, max: 1_000_000 }) }),
      write: ({ view, page }) => changesPageSearch(view, page),
      read: ({ view, page }) => ({ ...view, page }),
    });
  });

  it("the CSV link of the view reads back as the view, every page", () => {
    expectRoundTrip({
      parsers: changesCsvParsers,
      views,
      write: changesViewSearch,
      read: (view) => ({ ...view, bom: false }),
    });
  });

  it("a fund's Changes panel's links read back as their since", () => {
    expectRoundTrip({
      parsers: fundChangesParsers,
      views: viewOf(fundChangesParsers, { since: arbitraries.since() }),
      write: ({ since }) => fundChangesSearch(since),
    });
  });
});
