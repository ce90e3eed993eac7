import "server-only";
import { fundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { type StatementRow, statementRows, statementSums, type StatementSums } from "../../store/server";
import { isOngoing, type Period } from "../periods";
import type { StatementsPageView } from "../search-params";
import { tieOut, type TieOutCheck } from "../tie-out";
import { fundLegalName, periodReads } from "./statement";

// A fund's statements page: every investor of the closing read with their closing net asset value, contributions and
// distributions in the period, a page at a time in the chosen order, and whether the statements tie out.

export const statementsPageSize = 100;

export interface FundStatementsPage {
  fundName: string | null;
  opening: { readAt: string; late: boolean };
  closing: { readAt: string };
  ongoing: boolean;
  investors: number;
  rows: StatementRow[];
  sums: StatementSums;
  checks: TieOutCheck[];
}

export async function fundStatementsPage(
  principal: Principal,
  ref: string,
  period: Period,
  view: Pick<StatementsPageView, "sort" | "page">,
  now = new Date(),
): Promise<FundStatementsPage> {
  const access = await fundAccess(principal, ref, "fund.read");
  const reads = await periodReads(access, period);
  const ids = { opening: reads.opening.id, closing: reads.closing.id };
  const [rows, sums] = await Promise.all([
    statementRows(
      ids,
      { key: view.sort.id, direction: view.sort.direction },
      { offset: (view.page - 1) * statementsPageSize, limit: statementsPageSize },
    ),
    statementSums(ids),
  ]);
  return {
    fundName: fundLegalName(reads.fundRecord),
    opening: { readAt: reads.opening.readAt.toISOString(), late: reads.opening.late },
    closing: { readAt: reads.closing.readAt.toISOString() },
    ongoing: isOngoing(period, now),
    investors: sums.investors,
    rows,
    sums,
    checks: tieOut({ ...sums, opening: reads.opening.fund, closing: reads.closing.fund }),
  };
}
