import { describe, expect, it } from "vitest";
import { closedQuarters, datesPeriod, isOngoing, lastClosedQuarter, namedPeriod, periodOfKey } from "./periods";
import { accountAddsUp, ratio, statementFigures, zeroFigures } from "./statement";
import { tieOut, tieOutVerdict } from "./tie-out";
import type { PositionFigures } from "./types";

const position = (values: Partial<PositionFigures>): PositionFigures => ({ ...zeroFigures, ...values });

describe("periods", () => {
  it("reads quarters, years and custom dates as whole UTC days, `to` inclusive through its end", () => {
    const q3 = namedPeriod("2026-Q3")!;
    expect([q3.from, q3.to, q3.label]).toEqual(["2026-07-01", "2026-09-30", "Q3 2026"]);
    expect(q3.start.toISOString()).toBe("2026-07-01T00:00:00.000Z");
    expect(q3.end.toISOString()).toBe("2026-10-01T00:00:00.000Z");
    const year = namedPeriod("2024")!;
    expect([year.from, year.to]).toEqual(["2024-01-01", "2024-12-31"]);
    const custom = datesPeriod("2026-02-01", "2026-02-28")!;
    expect(custom.end.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(periodOfKey(custom.key)).toEqual(custom);
    expect(datesPeriod("2026-02-30", "2026-03-01")).toBeNull();
    expect(datesPeriod("2026-03-02", "2026-03-01")).toBeNull();
    expect(namedPeriod("2026-Q5")).toBeNull();
  });

  it("lists the last closed quarters, newest first, and knows a period not over yet", () => {
    const now = new Date("2026-11-29T06:00:00Z");
    expect(closedQuarters(now, 3).map((quarter) => quarter.key)).toEqual(["2026-Q3", "2026-Q2", "2026-Q1"]);
    expect(lastClosedQuarter(new Date("2027-01-01T00:00:00Z")).key).toBe("2026-Q4");
    expect(isOngoing(namedPeriod("2026-Q4")!, now)).toBe(true);
    expect(isOngoing(namedPeriod("2026-Q3")!, now)).toBe(false);
  });
});

describe("a statement's arithmetic", () => {
  const opening = position({
    commitment_amount: "100000.00",
    contributed_amount: "40000.00",
    unfunded_commitment_amount: "60000.00",
    life_distributions: "1000.00",
    net_asset_value: "45000.50",
    total_capital_due: "100000.00",
    total_received: "40000.00",
  });
  const closing = position({
    commitment_amount: "100000.00",
    contributed_amount: "65000.00",
    unfunded_commitment_amount: "35000.00",
    life_distributions: "3500.25",
    net_asset_value: "71234.56",
    total_capital_due: "100000.00",
    total_received: "65000.00",
  });

  it("derives the net change as the balancing figure, and the lines add up exactly", () => {
    const figures = statementFigures(opening, closing, "2026-06-15", new Date("2026-09-30T06:00:00Z"));
    expect(figures.account).toEqual({
      openingNav: "45000.50",
      contributions: "25000.00",
      distributions: "2500.25",
      // 71,234.56 − 45,000.50 − 25,000.00 + 2,500.25
      netChange: "3734.31",
      closingNav: "71234.56",
    });
    expect(accountAddsUp(figures.account)).toBe(true);
    expect(figures.commitment).toEqual({
      commitment: "100000.00",
      contributedToDate: "65000.00",
      unfundedOpening: "60000.00",
      unfundedClosing: "35000.00",
    });
    // 35,000 still owed, 107 days after Jun 15 at the closing read.
    expect(figures.capital).toEqual({
      due: "100000.00",
      received: "65000.00",
      outstanding: "35000.00",
      dueDate: "2026-06-15",
      daysOverdue: 107,
    });
    // 3,500.25 / 65,000 = 0.05385, 71,234.56 / 65,000 = 1.09591…, their sum 1.14976…
    expect(figures.ratios).toEqual({ dpi: "0.0539", rvpi: "1.0959", tvpi: "1.1498" });
  });

  it("opens at zero for an investor who joined, and says — where contributed is zero or a figure is missing", () => {
    const joined = statementFigures(zeroFigures, closing, null, new Date("2026-09-30T00:00:00Z"));
    expect(joined.account.contributions).toBe("65000.00");
    expect(accountAddsUp(joined.account)).toBe(true);
    expect(joined.capital.daysOverdue).toBe(0);
    const none = statementFigures(
      opening,
      { ...closing, contributed_amount: "0", net_asset_value: null },
      null,
      new Date(),
    );
    expect(none.ratios).toEqual({ dpi: null, rvpi: null, tvpi: null });
    expect(none.account.netChange).toBeNull();
    expect(ratio("1", "3")).toBe("0.3333");
    expect(ratio("2", "3")).toBe("0.6667");
    expect(ratio("0.00005", "1")).toBe("0.0001");
  });

  it("owes nothing once received covers capital due", () => {
    const paid = statementFigures(opening, { ...closing, total_received: "100000.00" }, "2020-01-01", new Date());
    expect(paid.capital.outstanding).toBe("0.00");
    expect(paid.capital.daysOverdue).toBe(0);
  });
});

describe("tie-out", () => {
  const line = (sum: string | null, skipped = 0) => ({ sum, skipped });
  it("ties out when the statements' sums equal the fund's own figures, counting what leavers had contributed", () => {
    const checks = tieOut({
      lines: {
        contributions: line("30000.00"),
        commitment: line("500000.00"),
        contributed: line("250000.00"),
        received: line("240000.00"),
      },
      left: { investors: 1, contributed: line("10000.00") },
      opening: { totalContributed: "230000.00" },
      closing: { totalCommitments: "500000.00", totalContributed: "250000.00", totalReceived: "240000.00" },
    });
    expect(checks.map((check) => [check.id, check.status, check.difference])).toEqual([
      ["contributions", "ties", "0.00"],
      ["contributed", "ties", "0.00"],
      ["commitment", "ties", "0.00"],
      ["received", "ties", "0.00"],
    ]);
    expect(tieOutVerdict(checks).text).toBe("Ties out");
  });

  it("names a difference as the fund's figure minus the statements', and cannot check a figure not given", () => {
    const checks = tieOut({
      lines: {
        contributions: line("30000.00"),
        commitment: line("500000.00"),
        contributed: line("250000.00"),
        received: line("240000.00", 2),
      },
      left: { investors: 0, contributed: line(null) },
      opening: { totalContributed: "225000.00" },
      closing: { totalCommitments: null, totalContributed: "249000.00", totalReceived: "240000.00" },
    });
    expect(checks.map((check) => [check.id, check.status, check.difference])).toEqual([
      ["contributions", "differs", "-6000.00"],
      ["contributed", "differs", "-1000.00"],
      ["commitment", "cannot", null],
      ["received", "ties", "0.00"],
    ]);
    expect(checks[3]!.skipped).toBe(2);
    expect(tieOutVerdict(checks).text).toBe("2 differences");
  });
});
