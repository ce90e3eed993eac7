import { describe, expect, it } from "vitest";
import type { FundState } from "./fund-state";
import type { Position } from "./positions";
import { fundsPastBound, pastBoundFailure } from "./position-bound";

const fund = (id: string, size: number, status: FundState["status"] = "read"): FundState => ({
  id,
  source: "default",
  name: `Fund ${id}`,
  search: id,
  organization: null,
  figures: {} as FundState["figures"],
  status,
  positions: Array.from({ length: size }, () => ({}) as Position),
  digest: status === "read" ? id : null,
  failure: null,
  readAt: null,
  keptAt: null,
  round: 1,
});

describe("fundsPastBound", () => {
  it("holds the funds in order while they fit, and a later one that still fits", () => {
    const funds = [fund("a", 4), fund("b", 5), fund("c", 3), fund("d", 1)];
    expect(fundsPastBound(funds, 10).map((f) => f.id)).toEqual(["c"]);
    expect(fundsPastBound(funds, 9).map((f) => f.id)).toEqual(["c", "d"]);
    expect(fundsPastBound(funds, 4).map((f) => f.id)).toEqual(["b", "c", "d"]);
    expect(fundsPastBound(funds, 3).map((f) => f.id)).toEqual(["a", "b", "d"]);
  });

  it("holds everything with no bound, and counts no fund that holds nothing", () => {
    const funds = [fund("a", 4), fund("b", 0), fund("c", 9, "failed"), fund("d", 6, "pending"), fund("e", 6)];
    expect(fundsPastBound(funds, 0)).toEqual([]);
    expect(fundsPastBound(funds, 10)).toEqual([]);
    expect(fundsPastBound(funds, 9).map((f) => f.id)).toEqual(["e"]);
  });

  it("names a fund past the bound with the setting, as a fund the directory is missing", () => {
    expect(pastBoundFailure(fund("a", 3), 400_000)).toEqual({
      id: "a",
      name: "Fund a",
      status: 507,
      message: "not held: past DIRECTORY_MAX_POSITIONS, 400,000 positions across funds; its own page shows them",
    });
  });
});
