import { describe, expect, it } from "vitest";
import { createDemoStore } from "../../demo-api/store";
import { investorListSchema } from "../../customer-api/schemas";
import { decodeSummary, encodeSummary } from "./position-summary";
import { heldFields, positionOf } from "./positions";

describe("a list's position summary", () => {
  const store = createDemoStore({ fundCount: 2, fundSizes: [40, 300], seed: 11 });
  const fund = store.funds[1]!;
  // Parsed as a read parses them (numbers as strings or numbers, fields lifted to where the spec puts them).
  const investors = investorListSchema.parse(store.listInvestors(fund.id));
  const taxKeys = investors.map((_, at) => (at % 3 === 0 ? null : `key-${at}`));

  it("gives back the positions of the records it was made from, exact amounts and all", () => {
    const decoded = decodeSummary("ref-1", encodeSummary(investors, taxKeys));
    expect(decoded).toEqual(investors.map((investor, at) => positionOf("ref-1", investor, taxKeys[at]!)));
    expect(decoded!.length).toBe(300);
  });

  it("reads a summary whose amounts come in another order, and refuses one of another format", () => {
    const summary = JSON.parse(encodeSummary(investors, taxKeys)) as { fields: string[]; rows: unknown[][] };
    const reversed = {
      v: 2,
      fields: [...summary.fields].reverse(),
      rows: summary.rows.map((row) => [...row.slice(0, 7), ...row.slice(7).reverse()]),
    };
    expect(decodeSummary("ref-1", JSON.stringify(reversed))).toEqual(decodeSummary("ref-1", JSON.stringify(summary)));
    expect(decodeSummary("ref-1", JSON.stringify({ ...summary, v: 3 }))).toBeNull();
    expect(decodeSummary("ref-1", JSON.stringify({ ...summary, fields: heldFields.slice(1) }))).toBeNull();
    expect(decodeSummary("ref-1", "not json")).toBeNull();
  });
});
