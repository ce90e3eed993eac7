import "server-only";
import type { Principal } from "../../data/principal";
import { LRUCache } from "lru-cache";
import { type OrganizationFund, organizationSnapshot } from "../../fund-reads/server/scoped-organization";
import { processWide } from "../../server/process-wide";
import { differenceCount, reconcile } from "../reconcile";
import type { InvestorFigures, ReconciliationSummary } from "../types";
import { ownershipTolerance } from "./fund-reconciliation";

/** GET /api/reconciliation: each fund's line on the Funds grid, from the organization's held lists. */
export interface ReconciliationSummaries {
  funds: Record<string, ReconciliationSummary>;
  complete: boolean;
}

function figuresOf(fund: OrganizationFund): InvestorFigures[] {
  return fund.positions.map((position) => ({ id: position.investorId, ...position.amounts }));
}

// A fund's line, kept with the positions it was worked out from: a fund re-read with the same list keeps its
// positions array, so while the directory is read each change reconciles only the funds that changed.
const lines = new WeakMap<readonly unknown[], { key: string; summary: ReconciliationSummary }>();

function summaryOf(fund: OrganizationFund): ReconciliationSummary {
  if (fund.status === "pending") return { status: "unread", differences: 0 };
  if (fund.status === "failed") return { status: "failed", differences: 0 };
  const key = `${fund.id}:${JSON.stringify(fund.figures)}`;
  const held = lines.get(fund.positions);
  if (held?.key === key) return held.summary;
  const differences = differenceCount(reconcile(fund.id, fund.figures, figuresOf(fund), ownershipTolerance()));
  const summary: ReconciliationSummary = { status: differences === 0 ? "ties" : "differs", differences };
  lines.set(fund.positions, { key, summary });
  return summary;
}

// Each scope's lines, held apart: a fund's own line is shared (above), the set of funds shown is the scope's.
const cache = () =>
  processWide(
    "reconciliation-summaries",
    () => new LRUCache<string, { changes: string; value: ReconciliationSummaries }>({ max: 16 }),
  );

/** Every fund's reconciliation line in the person's scope, worked out again only after the directory changed. */
export async function reconciliationSummaries(principal: Principal): Promise<ReconciliationSummaries> {
  const snapshot = await organizationSnapshot(principal);
  const held = cache().get(principal.scopeKey);
  if (held && held.changes === snapshot.changes) return held.value;
  const value = {
    funds: Object.fromEntries(snapshot.states.map((fund) => [fund.id, summaryOf(fund)])),
    complete: snapshot.complete,
  };
  cache().set(principal.scopeKey, { changes: snapshot.changes, value });
  return value;
}
