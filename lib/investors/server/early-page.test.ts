import { describe, expect, it } from "vitest";
import type { Investor } from "../../customer-api/schemas";
import { defaultInvestorView } from "../search-params";
import { earlyPage } from "./early-page";

const investors = Array.from(
  { length: 250 },
  (_, i) => ({ id: `id-${i}`, commitment_amount: `${i}.00`, contributed_amount: "1.00" }) as unknown as Investor,
);
const list = { investors, expected: 10_000, startedAt: Date.parse("2026-11-23T12:00:00Z") };

describe("earlyPage", () => {
  it("gives the first rows of the list's own order, counted so far, with no version or totals", () => {
    const page = earlyPage(list, defaultInvestorView, 0, 100, ["commitment_amount"]);
    expect(page.rows.map((row) => row.id)).toEqual(investors.slice(0, 100).map((row) => row.id));
    expect(page.rows[0]).toEqual({ id: "id-0", commitment_amount: "0.00" });
    expect(page).toMatchObject({
      version: null,
      complete: false,
      reading: { read: 250, expected: 10_000 },
      total: 250,
      matched: 250,
      totals: {},
      types: [],
    });
  });

  it("gives no rows for a view that needs every record, nor for a later page", () => {
    const sorted = { ...defaultInvestorView, sort: { id: "commitment_amount" as const, direction: "desc" as const } };
    expect(earlyPage(list, sorted, 0, 100, ["commitment_amount"]).rows).toEqual([]);
    expect(earlyPage(list, { ...defaultInvestorView, q: "id-1" }, 0, 100, []).rows).toEqual([]);
    expect(earlyPage(list, defaultInvestorView, 100, 300, []).rows).toEqual([]);
  });
});
