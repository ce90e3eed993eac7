import { describe, expect, it } from "vitest";
import { investorSchema } from "../../customer-api/schemas";
import { decodeSummary } from "./position-summary";
import { heldFields, positionOf, searchTextOf } from "./positions";

describe("a position's search text", () => {
  it("holds each of the investor's texts once, lower-cased, whatever repeats", () => {
    const investor = investorSchema.parse({
      id: "inv-1",
      investment_account: { display_name: "Acme Family Office", legal_name: "ACME FAMILY OFFICE", tax_id: "***6541" },
      primary_contact: { full_name: "Sam Clark", email: "SClark@acme.example" },
    });
    const parts = positionOf("fund-1", investor, null).search.split("\u0000");
    expect(parts).toEqual([...new Set(parts)]);
    expect(parts).toEqual(expect.arrayContaining(["acme family office", "sclark@acme.example", "6541"]));
  });

  it("read from a summary kept before, repeats and all, is the same text once each", () => {
    const row = ["inv-1", "Ann Lee", null, "Individual", null, "ann lee\u0000ann lee\u0000ann@lee.example", null];
    const kept = JSON.stringify({ v: 1, fields: heldFields, rows: [[...row, ...heldFields.map(() => "1.00")]] });
    expect(decodeSummary("fund-1", kept)?.[0]?.search).toBe("ann lee\u0000ann@lee.example");
    expect(searchTextOf(["ann lee", "Ann Lee", null, "", "ann@lee.example"])).toBe("ann lee\u0000ann@lee.example");
  });
});
