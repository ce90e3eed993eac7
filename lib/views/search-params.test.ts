import fc from "fast-check";
import { describe, it } from "vitest";
import { expectRoundTrip, viewOf } from "../testing/view-round-trip";
import { viewsQueryParsers, viewsUrl } from "./search-params";

const pages = fc.oneof(
  fc.constantFrom("/funds", "/investors", "/outstanding", "/changes", "/audit"),
  fc.uuid().map((id) => `/funds/${id}`),
);

describe("the saved views' search params", () => {
  it("a page's views URL reads back as the page", () => {
    expectRoundTrip({
      parsers: viewsQueryParsers,
      views: viewOf(viewsQueryParsers, { page: fc.option(pages) }),
      write: ({ page }) => (page === null ? "/api/views" : viewsUrl(page)),
    });
  });
});
