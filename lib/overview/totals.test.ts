import { describe, expect, it } from "vitest";
import { fundTotals, positionSums, sumOf, topWithOthers } from "./totals";

const position = (unfunded: string | null, due: string | null, received: string | null) => ({
  amounts: { unfunded_commitment_amount: unfunded, total_capital_due: due, total_received: received },
});

describe("the Overview's totals", () => {
  it("sums every fund's own figures exactly, leaving out what is not a number", () => {
    const totals = fundTotals([
      { target_size: "12345678901234567.89", total_commitments: "1.10", total_contributed: "+5", total_received: null },
      { target_size: "0.11", total_commitments: "2.205", total_contributed: "n/a", total_received: null },
      { target_size: null },
    ]);
    expect(totals).toEqual({
      funds: 3,
      target: "12345678901234568",
      commitments: "3.305",
      contributed: "5",
      received: null,
    });
    expect(sumOf(["12345678901234567.89", "0.11"])).toBe("12345678901234568");
    expect(sumOf([])).toBe("0");
  });

  it("splits each fund's capital outstanding into overdue and not yet due, by the fund's due date", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    const funds = [
      {
        id: "late",
        name: "Late",
        figures: { capital_due_date: "2026-11-01" },
        positions: [position("10.50", "12345678901234567.89", "0"), position("0.01", "100", "99.89")],
      },
      { id: "soon", name: "Soon", figures: { capital_due_date: "2026-12-31" }, positions: [position(null, "5", "1")] },
      { id: "paid", name: "Paid", figures: {}, positions: [position("1", "5", "5")] },
    ];
    const { unfunded, byFund } = positionSums(funds, now);
    expect(unfunded).toBe("11.51");
    expect(byFund).toEqual([
      { id: "late", name: "Late", outstanding: "12345678901234568", overdue: "12345678901234568", notDue: "0" },
      { id: "soon", name: "Soon", outstanding: "4", overdue: "0", notDue: "4" },
    ]);
  });
});

describe("the 12 largest and the rest as Others", () => {
  const funds = Array.from({ length: 15 }, (_, at) => ({ id: `f${at}`, size: `${at}000000000000000000.0${at % 10}` }));

  it("keeps the 12 largest by exact size, largest first, and gives back the rest", () => {
    const { top, others } = topWithOthers(funds, (fund) => fund.size);
    expect(top.map((fund) => fund.id)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((at) => `f${at}`));
    expect(others.map((fund) => fund.id)).toEqual(["f2", "f1", "f0"]);
  });

  it("orders amounts beyond a double's precision exactly, ties in their given order, missing sizes last", () => {
    const items = [
      { id: "none", size: null },
      { id: "a", size: "9007199254740993.01" },
      { id: "b", size: "9007199254740993.02" },
      { id: "c", size: "9007199254740993.01" },
    ];
    const { top, others } = topWithOthers(items, (item) => item.size, 3);
    expect(top.map((item) => item.id)).toEqual(["b", "a", "c"]);
    expect(others.map((item) => item.id)).toEqual(["none"]);
  });

  it("has no Others when there are 12 or fewer", () => {
    expect(topWithOthers(funds.slice(0, 12), (fund) => fund.size).others).toEqual([]);
  });
});
