import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadQuery } from "../http/query";
import { reconciliationStatuses } from "../reconciliation/types";
import { arbitraries, expectRoundTrip, viewOf } from "../testing/view-round-trip";
import { fundGridColumnIds } from "./columns";
import { fundsCsvParsers, fundsCsvUrl, fundsViewUrl, fundViewParsers, loadFundView } from "./search-params";

const views = viewOf(fundViewParsers, {
  sort: arbitraries.sort(fundGridColumnIds),
  q: arbitraries.search(),
  reconciliation: arbitraries.literalSet(reconciliationStatuses),
});

describe("the Funds grid's search params", () => {
  it("serialize then parse gives the same view (the CSV link, read by the CSV route; and by the page)", () => {
    expectRoundTrip({
      parsers: fundsCsvParsers,
      views: fc.record({ view: views, sensitive: fc.boolean(), bom: fc.boolean() }),
      write: ({ view, sensitive, bom }) => fundsCsvUrl(view, { all: false, sensitive, bom }),
      read: ({ view, sensitive, bom }) => ({ ...view, all: false, sensitive, bom }),
      numRuns: 300,
    });
    fc.assert(
      fc.property(views, (view) => {
        const url = fundsCsvUrl(view, { all: false, sensitive: false, bom: false });
        expect(loadFundView(new URL(`http://dash.test${url}`).searchParams)).toEqual(view);
      }),
    );
  });

  it("the grid's links (a reconciliation status, a sort) read back as their view", () => {
    expectRoundTrip({ parsers: fundViewParsers, views, write: fundsViewUrl });
  });

  it("refuses a type filter the grid does not have, and takes an empty sort as none", () => {
    expect(() => loadQuery(fundsCsvParsers, new Request("http://dash.test/api/funds.csv?type=entity"))).toThrow(
      /Unknown query parameter "type"/,
    );
    expect(loadQuery(fundViewParsers, new Request("http://dash.test/?sort=")).sort).toBeNull();
  });
});
