import fc from "fast-check";
import { describe, it } from "vitest";
import { arbitraries, expectPagesRoundTrip, expectRoundTrip, viewOf } from "../testing/view-round-trip";
import { outstandingColumnIds } from "./columns";
import { outstandingCsvUrl, outstandingFirstPage } from "./queries";
import {
  outstandingCsvParsers,
  outstandingRowsParsers,
  outstandingViewParsers,
  outstandingViewSearch,
} from "./search-params";

const views = viewOf(outstandingViewParsers, {
  sort: arbitraries.sort(outstandingColumnIds),
  fund: fc.option(arbitraries.fundId()),
  overdue: fc.boolean(),
  since: arbitraries.since(),
  paid: fc.constantFrom("some" as const, "none" as const, null),
  followUp: fc.constantFrom("none" as const, "open" as const, "waiting" as const, "done" as const, null),
});

describe("capital outstanding's search params", () => {
  it("serialize then parse gives the same view: the page's links and query keys", () => {
    expectRoundTrip({ parsers: outstandingViewParsers, views, write: outstandingViewSearch });
  });

  it("a page of the view, as the table asks for it, reads back as the view, its offset, limit and version", () => {
    expectPagesRoundTrip({
      parsers: outstandingRowsParsers,
      views,
      search: outstandingViewSearch,
      firstPageRows: outstandingFirstPage,
      defaults: { refresh: false },
      cursors: fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
    });
  });

  it("the CSV link, whole or without the funds that could not be read, reads back as the view", () => {
    expectRoundTrip({
      parsers: outstandingCsvParsers,
      views: fc.record({ view: views, partial: fc.boolean() }),
      write: ({ view, partial }) => outstandingCsvUrl(view, partial),
      read: ({ view, partial }) => ({ ...view, partial, bom: false }),
    });
  });
});
