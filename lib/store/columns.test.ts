import { describe, expect, it } from "vitest";
import { decimalOrNull, fundFigures, integerOrNull, positionColumns } from "./columns";

describe("what the store keeps in columns", () => {
  it.each([
    ["12345678901234567.89", "12345678901234567.89"],
    [" +7.50 ", "7.50"],
    ["-3", "-3"],
    [12.5, "12.5"],
    [1e21, null],
    ["1e3", null],
    ["1,000", null],
    [".5", null],
    ["", null],
    [null, null],
    [Number.NaN, null],
    [{ amount: 1 }, null],
  ])("writes %j to a numeric column as %j", (value, expected) => {
    expect(decimalOrNull(value)).toBe(expected);
  });

  it("takes an investor count only when it is a whole number in range", () => {
    expect([integerOrNull("12"), integerOrNull(3), integerOrNull("1.5"), integerOrNull("99999999999")]).toEqual([
      12,
      3,
      null,
      null,
    ]);
    expect(fundFigures(null)).toEqual({
      totalCommitments: null,
      totalContributed: null,
      totalReceived: null,
      investorCount: null,
    });
  });

  it("names a position as the table does, and keeps its email lower-cased for forgetting", () => {
    const columns = positionColumns({
      id: "i1",
      investment_account: { legal_name: "Legal Ltd" },
      primary_contact: { email: "  Someone@Example.COM ", full_name: "Some One" },
      commitment_amount: "+100",
    });
    expect(columns).toMatchObject({ investorId: "i1", name: "Legal Ltd", email: "someone@example.com" });
    expect(columns.amounts.commitment_amount).toBe("100");
    expect(positionColumns({ id: "i2" })).toMatchObject({ name: "i2", email: null });
  });
});
