import { describe, expect, it } from "vitest";
import type { Fund } from "../customer-api/schemas";
import { applyView } from "../table/view";
import { fundGridColumns, fundGridRow } from "./columns";

const fund: Fund = {
  id: "0b6d6f7e-4c59-4a4e-9f39-7f0f3c1c2a11",
  bank: { name: "First Bank", account_number: "•••••9101", routing_number: "021000021", swift_code: null },
  calculation_method: "pro_rata",
  carry_percent: "20.0",
  created_at: "2022-07-12T16:04:05.123Z",
  deal_description: "A long description nobody sorts by.",
  investor_count: 42,
  legal_entity: { display_name: "  ", legal_name: "Acme Fund I, LP", tax_id: "•••••6789", type: "lp" },
  organization_name: "Acme Ventures",
  portfolio_company_legal_name: "Widgets Inc.",
  round_type: "Series A",
  security_type: null,
  target_size: "1000000.00",
  total_commitments: "250000.50",
  total_contributed: "125000.25",
  extra_upstream_field: { nested: true },
};

describe("fundGridRow", () => {
  it("keeps every value a grid column reads", () => {
    const row = fundGridRow(fund);
    for (const column of fundGridColumns) expect(column.value(row), column.id).toEqual(column.value(fund));
  });

  it("drops what the grid does not read", () => {
    const row = fundGridRow(fund);
    expect(row).not.toHaveProperty("bank");
    expect(row).not.toHaveProperty("deal_description");
    expect(row).not.toHaveProperty("extra_upstream_field");
    expect(row.legal_entity).toEqual({ display_name: "  ", legal_name: "Acme Fund I, LP" });
  });

  it("keeps absent and null nested objects as they came", () => {
    expect(fundGridRow({ ...fund, legal_entity: null }).legal_entity).toBeNull();
    expect(fundGridRow({ id: "x" })).toEqual({ id: "x" });
  });

  it("sorts and searches slim rows as the CSV export does full funds", () => {
    const other: Fund = { ...fund, id: "b", legal_entity: { display_name: "Beta" }, target_size: "5" };
    const view = { query: "a", sort: { id: "target_size", direction: "asc" } } as const;
    const full = applyView([fund, other], fundGridColumns, view).map((row) => row.id);
    const slim = applyView([fund, other].map(fundGridRow), fundGridColumns, view).map((row) => row.id);
    expect(slim).toEqual(full);
  });
});
