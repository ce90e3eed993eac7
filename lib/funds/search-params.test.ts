import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadQuery } from "../http/query";
import { reconciliationStatuses } from "../reconciliation/types";
import { fundGridColumnIds } from "./columns";
import { type FundView, fundsCsvParsers, fundsCsvUrl, fundViewParsers, loadFundView } from "./search-params";

const view: fc.Arbitrary<FundView> = fc.record({
  sort: fc.option(
    fc.record({
      id: fc.constantFrom(...fundGridColumnIds),
      direction: fc.constantFrom("asc" as const, "desc" as const),
    }),
    { nil: null },
  ),
  q: fc.string({ maxLength: 60 }).filter((text) => !/[\u0000-\u001f\u007f]/.test(text)),
  reconciliation: fc.subarray([...reconciliationStatuses]),
});

describe("the Funds grid's search params", () => {
  it("serialize then parse gives the same view (the CSV link, read by the CSV route; and by the page)", () => {
    fc.assert(
      fc.property(view, fc.boolean(), fc.boolean(), (original, sensitive, bom) => {
        const url = fundsCsvUrl(original, { all: false, sensitive, bom });
        const parsed = loadQuery(fundsCsvParsers, new Request(`http://dash.test${url}`));
        expect(parsed).toEqual({ ...original, all: false, sensitive, bom });
        expect(loadFundView(new URL(`http://dash.test${url}`).searchParams)).toEqual(original);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a type filter the grid does not have, and takes an empty sort as none", () => {
    expect(() => loadQuery(fundsCsvParsers, new Request("http://dash.test/api/funds.csv?type=entity"))).toThrow(
      /Unknown query parameter "type"/,
    );
    expect(loadQuery(fundViewParsers, new Request("http://dash.test/?sort=")).sort).toBeNull();
  });
});
