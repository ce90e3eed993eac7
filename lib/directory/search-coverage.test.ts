import { describe, expect, it } from "vitest";
import { searchCoverage } from "./search-coverage";

const failed = (name: string) => ({ id: name, name, status: 502, message: "The upstream failed" });

describe("searchCoverage", () => {
  it("says nothing once every fund was searched", () => {
    expect(searchCoverage({ reading: null, failedFunds: [], failedCount: 0 })).toBeNull();
  });

  it("says how far the reading is while funds are still being read, or their kept reads loaded", () => {
    expect(searchCoverage({ reading: { read: 1200, total: 2000 }, failedFunds: [], failedCount: 0 })).toBe(
      "Reading investors: 1,200 of 2,000 funds so far; more may match.",
    );
  });

  it("names the funds that could not be read, three at most", () => {
    expect(searchCoverage({ reading: null, failedFunds: [failed("Alpha Fund")], failedCount: 1 })).toBe(
      "Not searched: 1 fund could not be read (Alpha Fund).",
    );
    const five = ["A", "B", "C", "D", "E"].map((name) => failed(`${name} Fund`));
    expect(searchCoverage({ reading: { read: 10, total: 12 }, failedFunds: five, failedCount: 5 })).toBe(
      "Reading investors: 10 of 12 funds so far; more may match. " +
        "Not searched: 5 funds could not be read (A Fund, B Fund, C Fund and 2 more).",
    );
    // A page names ten of them and counts them all.
    expect(searchCoverage({ reading: null, failedFunds: five, failedCount: 7_000 })).toBe(
      "Not searched: 7,000 funds could not be read (A Fund, B Fund, C Fund and 6,997 more).",
    );
  });
});
