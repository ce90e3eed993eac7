import { describe, expect, it, vi } from "vitest";
import type { Investor } from "../../customer-api/schemas";
import * as view from "../../table/view";
import { InvestorIndex } from "./investor-index";
import type { InvestorView } from "../search-params";

vi.mock("../../table/view", async (original) => {
  const actual = await original<typeof view>();
  return { ...actual, sortedPositions: vi.fn(actual.sortedPositions) };
});

const investors = [3, 1, 2].map(
  (amount) => ({ id: `id-${amount}`, commitment_amount: `${amount}00.00`, contributed_amount: "0" }) as Investor,
);
const byCommitment: InvestorView = {
  sort: { id: "commitment_amount", direction: "asc" },
  q: "",
  type: [],
  check: null,
  outstanding: false,
  changed: null,
};
const fund = { id: "fund" };
const ids = (page: { rows: readonly Investor[] }) => page.rows.map((row) => row.id);

describe("a list read again unchanged", () => {
  it("takes the earlier read's column orders, and answers with its own time", async () => {
    const sorts = vi.mocked(view.sortedPositions);
    const first = new InvestorIndex(investors, "v1", 1_000, fund);
    expect(ids(await first.page(byCommitment, 0, 10, []))).toEqual(["id-1", "id-2", "id-3"]);
    const worked = sorts.mock.calls.length;
    const again = new InvestorIndex([...investors], "v1", 61_000, fund, false, first);
    const page = await again.page(byCommitment, 0, 10, []);
    expect(ids(page)).toEqual(["id-1", "id-2", "id-3"]);
    expect(page.fetchedAt).toBe(new Date(61_000).toISOString());
    expect(sorts.mock.calls.length).toBe(worked);
  });

  it("works out its orders anew when the content changed", async () => {
    const first = new InvestorIndex(investors, "v1", 1_000, fund);
    await first.page(byCommitment, 0, 10, []);
    const changed = [...investors.slice(0, 2), { ...investors[2]!, commitment_amount: "50.00" }];
    const next = new InvestorIndex(changed, "v2", 61_000, fund, false, first);
    expect(ids(await next.page(byCommitment, 0, 10, []))).toEqual(["id-2", "id-1", "id-3"]);
  });
});
