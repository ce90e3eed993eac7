import "server-only";
import Big from "big.js";
import type { Principal } from "../../data/principal";
import { fundList, type FundListRead, onFundListRead } from "../../fund-reads/server/fund-lists";
import { serverEnv } from "../../server/env";
import { processWide } from "../../server/process-wide";
import { ScaledColumn } from "../../values/scaled-column";
import { outstandingOf, overdueOf } from "../outstanding";
import { reconcile } from "../reconcile";
import type { FundOutstanding, Reconciliation } from "../types";

export function ownershipTolerance(): Big {
  return new Big(serverEnv().RECONCILIATION_OWNERSHIP_TOLERANCE);
}

/** GET /api/funds/{fundId}/reconciliation: the checks, and (beside them) the capital still outstanding. */
export type FundReconciliation = Reconciliation & { outstanding: FundOutstanding };

// Worked out once per held list (50,000 investors take a few hundred ms); the overdue days are redone per request.
// Process-wide: the list's listener and the pages that read the checks are separate bundles.
type Checks = Reconciliation & { owed: { total: string | null; positions: number } };
const checked = () => processWide("reconciliation-checks", () => new WeakMap<FundListRead, Checks>());

function checksOf(fundId: string, index: FundListRead) {
  let result = checked().get(index);
  if (!result) {
    const amounts = index.investors.map(outstandingOf);
    const owed = {
      total: new ScaledColumn(amounts).sum(amounts.keys()),
      positions: amounts.filter((amount) => amount !== null).length,
    };
    result = { ...reconcile(fundId, index.fund, index.investors, ownershipTolerance()), owed };
    checked().set(index, result);
  }
  return result;
}

// A large list's checks are worked out as it arrives (or is loaded from the store at a start), not in the first
// page that shows it: 50,000 investors' checks held that page's first byte back by 370 ms.
const workedOutAheadFrom = 5_000;
onFundListRead("reconciliation", (read) => {
  if (read.investors.length >= workedOutAheadFrom) checksOf(read.fundId, read);
});

/** A fund's reconciliation from its held list and the fund record read with it, in exact decimals. */
export async function fundReconciliation(principal: Principal, fundId: string): Promise<FundReconciliation> {
  const index = await fundList(principal, fundId);
  const { owed, ...result } = checksOf(fundId, index);
  const due = index.fund.capital_due_date ?? null;
  return {
    ...result,
    outstanding: {
      ...owed,
      capital_due_date: due,
      ...overdueOf(due),
    },
  };
}
