import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectRoundTrip } from "../testing/view-round-trip";
import { datesPeriod, namedPeriod, type Period } from "./periods";
import {
  periodOf,
  periodParsers,
  periodSearch,
  statementSortIds,
  statementsPageParsers,
  statementsPageSearch,
} from "./search-params";

// A period as its links and files name it: a quarter, a year, or from/to dates.
const day = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2099-12-31T00:00:00Z"),
  noInvalidDate: true,
});
const periods: fc.Arbitrary<Period> = fc.oneof(
  fc
    .record({ year: fc.integer({ min: 2000, max: 2099 }), q: fc.integer({ min: 1, max: 4 }) })
    .map(({ year, q }) => namedPeriod(`${year}-Q${q}`)!),
  fc.integer({ min: 2000, max: 2099 }).map((year) => namedPeriod(String(year))!),
  fc.tuple(day, day).map(([a, b]) => {
    const [from, to] = [a, b].sort((x, y) => x.getTime() - y.getTime()).map((date) => date.toISOString().slice(0, 10));
    return datesPeriod(from!, to!)!;
  }),
);
const asQuery = (period: Period) =>
  namedPeriod(period.key)
    ? { period: period.key, from: null, to: null }
    : { period: null, from: period.from, to: period.to };

describe("a statement's period in the URL", () => {
  it("reads back as the period it names: a file's or a page's link", () => {
    expectRoundTrip({
      parsers: periodParsers,
      views: periods,
      write: periodSearch,
      read: asQuery,
    });
    fc.assert(
      fc.property(periods, (period) => {
        expect(periodOf(asQuery(period))).toEqual(period);
      }),
    );
  });

  it("the fund's statements page: the period, the sort and the page read back", () => {
    const views = fc.record({
      period: periods,
      sort: fc.record({
        id: fc.constantFrom(...statementSortIds),
        direction: fc.constantFrom("asc" as const, "desc" as const),
      }),
      page: fc.integer({ min: 1, max: 100_000 }),
    });
    expectRoundTrip({
      parsers: statementsPageParsers,
      views,
      write: ({ period, sort, page }) => statementsPageSearch(period, { sort, page }),
      read: ({ period, sort, page }) => ({ ...asQuery(period), sort, page }),
    });
  });

  it("refuses a period and dates at once, half a range, or a range backwards; none is the last closed quarter", () => {
    expect(() => periodOf({ period: "2026-Q3", from: "2026-07-01", to: null })).toThrow(/not both/);
    expect(() => periodOf({ period: null, from: "2026-07-01", to: null })).toThrow(/both from and to/);
    expect(() => periodOf({ period: null, from: "2026-07-02", to: "2026-07-01" })).toThrow(/later/);
    expect(periodOf({ period: null, from: null, to: null }, new Date("2026-11-29T00:00:00Z")).key).toBe("2026-Q3");
  });
});
