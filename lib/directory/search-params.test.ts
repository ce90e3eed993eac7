import fc from "fast-check";
import { describe, it } from "vitest";
import { arbitraries, expectPagesRoundTrip, expectRoundTrip, viewOf } from "../testing/view-round-trip";
import { directoryColumnIds } from "./columns";
import { directoryFirstPage } from "./queries";
import {
  directoryRowsParsers,
  directoryViewParsers,
  directoryViewSearch,
  investorsCsvParsers,
  investorsCsvUrl,
} from "./search-params";

const views = viewOf(directoryViewParsers, {
  sort: arbitraries.sort(directoryColumnIds),
  q: arbitraries.search(),
  type: arbitraries.valueSet(),
});
const fileOptions = fc.record({ partial: fc.boolean(), sensitive: fc.boolean(), bom: fc.boolean() });
const none = { sort: null, q: "", type: [] };

describe("the investor directory's search params", () => {
  it("serialize then parse gives the same view: the page's links and query keys", () => {
    expectRoundTrip({ parsers: directoryViewParsers, views, write: directoryViewSearch });
  });

  it("a page of the view, as the table asks for it, reads back as the view, its offset, limit and version", () => {
    expectPagesRoundTrip({
      parsers: directoryRowsParsers,
      views,
      search: directoryViewSearch,
      firstPageRows: directoryFirstPage,
      cursors: fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/),
      defaults: { refresh: false },
    });
  });

  it("the CSV link of the view (group=investor) and of every position read back as written", () => {
    expectRoundTrip({
      parsers: investorsCsvParsers,
      views: fc.record({ view: fc.option(views), options: fileOptions }),
      write: ({ view, options }) => investorsCsvUrl(view === null ? options : { view, ...options }),
      read: ({ view, options }) => ({
        ...(view ?? none),
        group: view === null ? null : ("investor" as const),
        ...options,
      }),
    });
  });
});
