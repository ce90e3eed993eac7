import "server-only";
import Big from "big.js";
import type { Principal } from "../../data/principal";
import { investorIndex } from "../../investors/server/list-cache";
import { serverEnv } from "../../server/env";
import { ScaledColumn } from "../../values/scaled-column";
import { outstandingOf, overdueOf } from "../outstanding";
import { reconcile } from "../reconcile";
import type { FundOutstanding, Reconciliation } from "../types";

export function ownershipTolerance(): Big {
  return new Big(serverEnv().RECONCILIATION_OWNERSHIP_TOLERANCE);
}

/** GET /api/funds/{fundId}/reconciliation: the checks, and (beside them) the capital still outstanding. */
export type FundReconciliation = Reconciliation & { outstanding: FundOutstanding };

/** A fund's reconciliation from its held list and the fund record read with it, in exact decimals. */
export async function fundReconciliation(principal: Principal, fundId: string): Promise<FundReconciliation> {
  const index = await investorIndex(principal, fundId);
  const owed = index.investors.map(outstandingOf);
  const due = index.fund.capital_due_date ?? null;
  return {
    ...reconcile(fundId, index.fund, index.investors, ownershipTolerance()),
    outstanding: {
      total: new ScaledColumn(owed).sum(owed.keys()),
      positions: owed.filter((amount) => amount !== null).length,
      capital_due_date: due,
      ...overdueOf(due),
    },
  };
}
