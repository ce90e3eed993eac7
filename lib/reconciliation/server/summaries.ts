import "server-only";
import type { Principal } from "../../data/principal";
import { organizationState } from "../../organization/server/state";
import { fundFacts } from "../../store/server";
import { differencesOfFacts } from "../facts";
import type { FundFigures, ReconciliationSummary } from "../types";
import { ownershipTolerance } from "./fund-reconciliation";

/** GET /api/reconciliation: each fund's line on the Funds grid, from the aggregates the read model keeps. */
export interface ReconciliationSummaries {
  funds: Record<string, ReconciliationSummary>;
  complete: boolean;
}

/** Every fund's reconciliation line in the person's scope: its figures against its current positions' aggregates. */
export async function reconciliationSummaries(principal: Principal): Promise<ReconciliationSummaries> {
  const organization = await organizationState(principal);
  const tolerance = ownershipTolerance();
  const funds = await fundFacts(organization.scope);
  const lines = funds.map((fund): [string, ReconciliationSummary] => {
    const ref = organization.refOf(fund);
    if (fund.status === "pending") return [ref, { status: "unread", differences: 0 }];
    if (fund.status === "failed") return [ref, { status: "failed", differences: 0 }];
    const differences = differencesOfFacts((fund.figures ?? {}) as FundFigures, fund, tolerance);
    return [ref, { status: differences === 0 ? "ties" : "differs", differences }];
  });
  return { funds: Object.fromEntries(lines), complete: organization.complete };
}
