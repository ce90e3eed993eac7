import fc from "fast-check";
import { describe, it } from "vitest";
import { arbitraries, expectRoundTrip } from "../testing/view-round-trip";
import { alertsPageParsers, watchHref } from "./search-params";

// A fund as the dashboard links it: its id, or with several sources `source~id`.
const fundRef = fc.oneof(
  arbitraries.fundId(),
  fc
    .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,31}$/), arbitraries.fundId())
    .map(([source, id]) => `${source}~${id}`),
);

describe("the alerts page's search params", () => {
  it("a Watch link, of a fund or of one investor, reads back as the fund and investor it prefills", () => {
    expectRoundTrip({
      parsers: alertsPageParsers,
      views: fc.record({ fund: fundRef, investor: fc.option(arbitraries.fundId()) }),
      write: ({ fund, investor }) => watchHref(fund, investor ?? undefined),
    });
  });
});
