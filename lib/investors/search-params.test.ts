import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadQuery } from "../http/query";
import { arbitraries, expectPagesRoundTrip, expectRoundTrip, viewOf } from "../testing/view-round-trip";
import { defaultInvestorColumnIds, investorColumnIds, sortableInvestorColumnIds } from "./columns";
import { investorRowsFirstPage } from "./queries";
import {
  defaultInvestorView,
  investorCsvParsers,
  investorCsvUrl,
  investorRowsParsers,
  investorTableParsers,
  investorTableSearch,
  type InvestorTableState,
  investorViewParsers,
  investorViewSearch,
} from "./search-params";

const views = viewOf(investorViewParsers, {
  sort: arbitraries.sort(sortableInvestorColumnIds),
  q: arbitraries.search(),
  type: arbitraries.valueSet(),
  check: fc.constantFrom(null, "total_capital_due" as const, "unfunded_commitment_amount" as const),
  outstanding: fc.boolean(),
  changed: fc.option(arbitraries.since()),
});
const states = fc
  .record({ view: views, cols: arbitraries.literalSet(investorColumnIds) })
  .map(({ view, cols }): InvestorTableState => ({ ...view, cols }));

// The view as it means: the default columns are written as none.
const meaning = (value: InvestorTableState) => ({
  ...value,
  cols: value.cols.join() === defaultInvestorColumnIds.join() ? [] : value.cols,
});

describe("the investor table's search params", () => {
  it("serialize then parse gives the same view, for the API routes and the page alike", () => {
    expectRoundTrip({ parsers: investorTableParsers, views: states, write: investorTableSearch, read: meaning });
    expectRoundTrip({ parsers: investorViewParsers, views, write: investorViewSearch });
  });

  it("a page of the view, as the table asks for it, reads back as the view, its columns, offset and version", () => {
    expectPagesRoundTrip({
      parsers: investorRowsParsers,
      views,
      search: investorViewSearch,
      firstPageRows: investorRowsFirstPage,
      defaults: { cols: [], refresh: false },
    });
  });

  it("the CSV link of the view, or of every row, reads back as written", () => {
    expectRoundTrip({
      parsers: investorCsvParsers,
      views: fc.record({
        view: views,
        all: fc.boolean(),
        sensitive: fc.boolean(),
        bom: fc.boolean(),
        followUps: fc.boolean(),
      }),
      write: ({ view, ...options }) => investorCsvUrl("/api/x.csv", view, options),
      read: ({ view, ...options }) => ({ ...(options.all ? defaultInvestorView : view), ...options }),
    });
  });

  it("reads a filter by its meaning: case, repeats and order do not make another view", () => {
    const a = loadQuery(investorTableParsers, new Request("http://dash.test/?type=Trust,entity,trust"));
    const b = loadQuery(investorTableParsers, new Request("http://dash.test/?type=entity,trust"));
    expect(a).toEqual(b);
    expect(a.type).toEqual(["entity", "trust"]);
  });

  it("refuses on API routes what pages ignore", async () => {
    expect(() => loadQuery(investorTableParsers, new Request("http://dash.test/?sort=bogus.asc"))).toThrow(
      /"sort" must be a column id/,
    );
    expect(() => loadQuery(investorTableParsers, new Request("http://dash.test/?utm_source=x"))).toThrow(
      /Unknown query parameter/,
    );
    expect(() => loadQuery(investorTableParsers, new Request("http://dash.test/?q=a&q=b"))).toThrow(/more than once/);
    expect(loadQuery(investorTableParsers, new Request("http://dash.test/?sort=&q=&type=")).sort).toBeNull();
  });

  it("writes CSV links with the view, or without it for every row", () => {
    const view = {
      sort: { id: "commitment_amount" as const, direction: "desc" as const },
      q: "ann",
      type: ["trust"],
      check: null,
      outstanding: false,
      changed: null,
    };
    expect(investorCsvUrl("/api/x.csv", view, { all: false, sensitive: true, bom: false })).toBe(
      "/api/x.csv?sort=commitment_amount.desc&q=ann&type=trust&sensitive=1",
    );
    expect(investorCsvUrl("/api/x.csv", view, { all: true, sensitive: false, bom: false })).toBe("/api/x.csv?all=1");
  });
});
