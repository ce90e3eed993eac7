import "server-only";
import { type ExportColumn, type ExportFormat, rowsBody } from "../../csv/export-format";
import { exportResponse } from "../../csv/server/export-response";
import { contentDisposition, today } from "../../csv/filename";
import type { Principal } from "../../data/principal";
import { investorName } from "../../investors/columns";
import { fundList } from "../../fund-reads/server/fund-lists";
import { decimal, expectedValue, reconcile, scaleOf } from "../reconcile";
import { ownershipTolerance } from "./fund-reconciliation";

interface Difference {
  check: string;
  investorId: string | null;
  investor: string | null;
  given: string | null;
  expected: string | null;
  difference: string | null;
}

const amounts = new Set(["given", "expected", "difference"]);
const columns = (["check", "investorId", "investor", "given", "expected", "difference"] as const).map(
  (field): ExportColumn<Difference> => ({
    header: field,
    value: (row) => row[field],
    kind: amounts.has(field) ? "money" : "text",
  }),
);

// The amounts the investor checks read: their results keep the scale these are given in.
const moneyFields = [
  "total_capital_due",
  "unfunded_commitment_amount",
  "commitment_amount",
  "contributed_amount",
  "management_fee_amount",
  "expense_reserve_amount",
] as const;

/** Every difference of a fund's reconciliation (fund checks that differ, then each investor that differs). */
export async function differencesExport(principal: Principal, fundId: string, format: ExportFormat) {
  const index = await fundList(principal, fundId);
  const result = reconcile(fundId, index.fund, index.investors, ownershipTolerance());
  const rows: Difference[] = result.checks
    .filter((check) => check.status === "differs")
    .map((check) => ({
      check: check.id,
      investorId: null,
      investor: null,
      given: check.fund,
      expected: check.investors,
      difference: check.difference,
    }));
  const byId = new Map(index.investors.map((investor) => [investor.id, investor]));
  for (const check of result.investorChecks) {
    for (const id of check.investorIds) {
      const investor = byId.get(id)!;
      const given = decimal(investor[check.id])!;
      const expected = expectedValue(check.id, index.fund.calculation_method, investor)!;
      const places = scaleOf(...moneyFields.map((field) => investor[field]));
      rows.push({
        check: check.id,
        investorId: id,
        investor: investorName(investor),
        given: given.toFixed(places),
        expected: expected.toFixed(places),
        difference: given.minus(expected).toFixed(places),
      });
    }
  }
  return exportResponse(
    format,
    rowsBody(format, rows, columns, { sheet: "Reconciliation differences" }),
    contentDisposition(`reconciliation-${fundId}`, `-${today()}${format.extension}`),
  );
}
