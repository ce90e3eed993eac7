import { extractText } from "unpdf";
import { describe, expect, it } from "vitest";
import { statementPosition, statementReads, statementRows, statementSums } from "@/lib/store/server";
import { at, investor, suiteStore } from "@/lib/store/server/test-stores";
import { recordInvestorList } from "@/lib/store/server/writes";
import { statementHeader, statementSections } from "../lines";
import { namedPeriod, type Period } from "../periods";
import { tieOut, tieOutVerdict } from "../tie-out";
import type { Statement } from "../types";
import { statementPdf } from "./pdf";
import { statementOf, statementPeriod } from "./statement";

// Statements from kept reads in a real store (PGlite), printed to PDF and read back as text with a PDF text extractor.

const fund = (totals: Record<string, string>) => ({
  id: "f",
  legal_entity: { legal_name: "Northwind Ventures Fund II, L.P." },
  capital_due_date: "2026-08-15",
  ...totals,
});

const alice = (contributed: string, nav: string, received = contributed) =>
  investor("a", {
    investment_account: { legal_name: "Alice Example", tax_id: "•••••1234", tax_id_type: "ssn" },
    commitment_amount: "100000.00",
    contributed_amount: contributed,
    unfunded_commitment_amount: (100000 - Number(contributed)).toFixed(2),
    total_capital_due: "100000.00",
    total_received: received,
    life_distributions: "0.00",
    net_asset_value: nav,
  });
const boris = (distributions: string, nav: string) =>
  investor("b", {
    investment_account: { legal_name: "Борис Łukasiewicz-Ωμέγα", tax_id: "•••••9876", tax_id_type: "ein" },
    commitment_amount: "50000.00",
    contributed_amount: "50000.00",
    unfunded_commitment_amount: "0.00",
    total_capital_due: "50000.00",
    total_received: "50000.00",
    life_distributions: distributions,
    net_asset_value: nav,
  });
const chen = investor("c", {
  investment_account: { legal_name: "Chen Late", tax_id: "•••••5555" },
  commitment_amount: "20000.00",
  contributed_amount: "20000.00",
  unfunded_commitment_amount: "0.00",
  total_capital_due: "20000.00",
  total_received: "20000.00",
  life_distributions: "0.00",
  net_asset_value: "21000.00",
});

async function pdfText(statement: Statement): Promise<string> {
  const { text } = await extractText(new Uint8Array(await statementPdf(statement, "A4")), { mergePages: true });
  return text;
}

describe("statements from the kept reads", () => {
  const suite = suiteStore("pglite");
  const keep = (fundId: string, digest: string, readAt: string, totals: Record<string, string>, list: unknown[]) =>
    recordInvestorList(
      {
        fundId,
        digest,
        readAt: at(readAt),
        fund: fund(totals),
        investors: (list as Record<string, unknown>[]).map((record) => ({ record, taxKey: null })),
      },
      suite.store(),
    );
  const q3 = namedPeriod("2026-Q3")!;
  const now = new Date("2026-11-29T00:00:00Z");

  async function statementFor(fundKey: string, investorId: string, period: Period) {
    const reads = (await statementReads(fundKey, period.start, period.end, suite.store()))!;
    const position = await statementPosition(
      { opening: reads.opening.id, closing: reads.closing.id },
      investorId,
      suite.store(),
    );
    return {
      reads,
      statement: statementOf({ id: "f", reads }, position!, statementPeriod(period, now), {
        at: now,
        by: "ops@example.com",
      }),
    };
  }

  it("opens at or before the start and closes at or before the end; every figure is in the PDF's text", async () => {
    const totals = (contributed: string, received: string) => ({
      total_commitments: "150000.00",
      total_contributed: contributed,
      total_received: received,
    });
    await keep("f", "d1", "2026-06-20T06:00:00Z", totals("90000.00", "90000.00"), [
      alice("40000.00", "41000.00"),
      boris("1000.00", "60000.00"),
    ]);
    // Read exactly at the start: the opening read (at or before it).
    await keep("f", "d2", "2026-07-01T00:00:00Z", totals("100000.00", "100000.00"), [
      alice("50000.00", "52000.00"),
      boris("1000.00", "61000.00"),
    ]);
    await keep("f", "d3", "2026-09-30T23:59:59.999Z", totals("120000.00", "120000.00"), [
      alice("70000.00", "73500.75"),
      boris("6000.50", "58000.00"),
    ]);
    // After the end (the first moment of Oct 1): not the closing read.
    await keep("f", "d4", "2026-10-01T00:00:00Z", totals("150000.00", "150000.00"), [
      alice("100000.00", "99999.00"),
      boris("9000.00", "1.00"),
    ]);

    const { reads, statement } = await statementFor("f", "a", q3);
    expect(reads.opening).toMatchObject({ readAt: at("2026-07-01T00:00:00Z"), late: false });
    expect(reads.closing.readAt).toEqual(at("2026-09-30T23:59:59.999Z"));
    expect(statement.figures.account).toEqual({
      openingNav: "52000.00",
      contributions: "20000.00",
      distributions: "0.00",
      netChange: "1500.75",
      closingNav: "73500.75",
    });
    const text = await pdfText(statement);
    for (const line of [...statementHeader(statement), ...statementSections(statement).flatMap((s) => s.lines)])
      expect(text).toContain(line.value);
    expect(text).toContain("Alice Example");
    expect(text).toContain("•••••1234");
    expect(text).toContain("20,000.00");
    expect(text).toContain("1,500.75");
    expect(text).toContain("derived");
    expect(text).toContain("Carried interest");

    // A distribution in the period, and a name outside Latin-1, drawn in the embedded font and read back.
    const received = (await statementFor("f", "b", q3)).statement;
    expect(received.figures.account).toMatchObject({ distributions: "5000.50", netChange: "2000.50" });
    const borisText = await pdfText(received);
    expect(borisText).toContain("Борис Łukasiewicz-Ωμέγα");
    expect(borisText).toContain("5,000.50");
    expect(borisText).toContain("2,000.50");
    expect(borisText).toContain("58,000.00");

    // The statements tie out with the fund's own figures read with the same two lists.
    const ids = { opening: reads.opening.id, closing: reads.closing.id };
    const sums = await statementSums(ids, suite.store());
    const checks = tieOut({ ...sums, opening: reads.opening.fund, closing: reads.closing.fund });
    expect(tieOutVerdict(checks).text).toBe("Ties out");
    const rows = await statementRows(
      ids,
      { key: "distributions", direction: "desc" },
      { offset: 0, limit: 10 },
      suite.store(),
    );
    expect(rows.map((row) => [row.investorId, row.contributions, row.distributions])).toEqual([
      ["b", "0.00", "5000.50"],
      ["a", "20000.00", "0.00"],
    ]);
  });

  it("opens late on the first read within the period when none is before it, and names a period not over", async () => {
    await keep("g", "g1", "2026-08-10T06:00:00Z", { total_contributed: "20000.00" }, [chen]);
    const { reads, statement } = await statementFor("g", "c", namedPeriod("2026")!);
    expect(reads.opening).toMatchObject({ readAt: at("2026-08-10T06:00:00Z"), late: true });
    expect(statement.period.ongoing).toBe(true);
    expect(statement.opening).toMatchObject({ late: true, joined: false });
    const text = await pdfText(statement);
    expect(text).toContain("late: the store holds no read of the fund");
    expect(text).toContain("the period is not over");
    expect(text).toContain("21,000.00");
    // A character the font lacks (CJK) is drawn as its fallback glyph: the statement is still whole.
    const cjk = { ...statement, investor: { ...statement.investor, legalName: "山田 Taro" } };
    expect(await pdfText(cjk)).toContain("21,000.00");
    expect(
      await statementReads("g", namedPeriod("2026-Q2")!.start, namedPeriod("2026-Q2")!.end, suite.store()),
    ).toBeNull();
  });
});
