import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadQuery } from "../http/query";
import { defaultInvestorColumnIds, investorColumnIds } from "./columns";
import { investorCsvUrl, investorTableParsers, investorTableSearch, type InvestorTableState } from "./search-params";

const word = fc.stringMatching(/^[a-z0-9]([a-z0-9 _-]{0,20}[a-z0-9])?$/);
const state: fc.Arbitrary<InvestorTableState> = fc.record({
  sort: fc.option(
    fc.record({
      id: fc.constantFrom(...investorColumnIds),
      direction: fc.constantFrom("asc" as const, "desc" as const),
    }),
    { nil: null },
  ),
  q: fc.string({ maxLength: 60 }).filter((text) => !/[\u0000-\u001f\u007f]/.test(text)),
  type: fc.uniqueArray(word, { maxLength: 5 }).map((types) => [...types].sort()),
  cols: fc.subarray([...investorColumnIds]),
  check: fc.constantFrom(null, "total_capital_due" as const, "unfunded_commitment_amount" as const),
  outstanding: fc.boolean(),
  changed: fc.constantFrom(null, "1d", "7d", "30d", "2026-11-18", "2026-11-18T02:00:00Z"),
});

// The view as it means: the default columns are written as none.
const meaning = (value: InvestorTableState) => ({
  ...value,
  cols: value.cols.join() === defaultInvestorColumnIds.join() ? [] : value.cols,
});

describe("the investor table's search params", () => {
  it("serialize then parse gives the same view, for the API routes and the page alike", () => {
    fc.assert(
      fc.property(state, (original) => {
        const search = investorTableSearch(original);
        const fromRoute = loadQuery(investorTableParsers, new Request(`http://dash.test/api/x${search}`));
        expect(fromRoute).toEqual(meaning(original));
      }),
      { numRuns: 300 },
    );
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
