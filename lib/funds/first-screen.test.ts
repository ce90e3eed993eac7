import { describe, expect, it } from "vitest";
import { fundsFirstScreen, fundsFirstScreenRows } from "./first-screen";
import type { FundGridRow } from "./types";

// 120 funds, their target sizes 1 000 … 120 000; every third differs in reconciliation, the last one has a long name.
const funds: FundGridRow[] = Array.from({ length: 120 }, (_, index) => ({
  id: `fund-${index}`,
  legal_entity: { display_name: index === 119 ? `Fund ${"X".repeat(60)}` : `Fund ${index}`, legal_name: null },
  organization_name: index % 2 === 0 ? "Acme Ventures" : "Bluestem",
  portfolio_company_legal_name: null,
  round_type: null,
  security_type: null,
  target_size: `${(index + 1) * 1000}.00`,
  total_commitments: null,
  total_contributed: null,
  investor_count: index,
  created_at: null,
  reconciliation: { status: index % 3 === 0 ? "differs" : "ties", differences: index % 3 === 0 ? 2 : 0 },
}));
const view = { sort: null, q: "", reconciliation: [] };

describe("the Funds page's first screen", () => {
  it("is the first rows of the view, sorted over every fund, with the view's and the whole list's counts", () => {
    const first = fundsFirstScreen(funds, { ...view, sort: { id: "target_size", direction: "desc" } }, 5);
    expect(first.rows).toHaveLength(fundsFirstScreenRows);
    expect(first.rows.slice(0, 3).map((fund) => fund.target_size)).toEqual(["120000.00", "119000.00", "118000.00"]);
    expect(first).toMatchObject({ shown: 120, total: 120, at: 5 });
  });

  it("searches and filters before it cuts, and counts each reconciliation status over every fund", () => {
    const first = fundsFirstScreen(funds, { ...view, q: "bluestem", reconciliation: ["differs"] }, 0);
    expect(first.shown).toBe(20);
    expect(first.rows.every((fund) => fund.organization_name === "Bluestem")).toBe(true);
    expect(first.rows.every((fund) => fund.reconciliation?.status === "differs")).toBe(true);
    expect(first.statuses).toEqual({ ties: 80, differs: 40, unread: 0, failed: 0 });
  });

  it("sizes each column by its longest value over every fund, not only the rows it sends", () => {
    const first = fundsFirstScreen(funds, view, 0);
    expect(first.rows.map((fund) => fund.id)).not.toContain("fund-119");
    expect(first.longest.name).toBe(`Fund ${"X".repeat(60)}`.length);
    expect(first.longest.target_size).toBe("120,000.00".length);
  });
});
