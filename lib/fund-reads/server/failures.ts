import "server-only";
import { noStore } from "../../http/error-response";
import { namedAndMore } from "../../directory/failed-funds";
import type { FailedFund } from "../../directory/types";
import type { OrganizationSnapshot } from "./scoped-organization";

/** "2 funds could not be read: Fund A (The Customer API did not answer within 10 s.), Fund B (…)". */
export function failedFundsMessage(failed: readonly FailedFund[]): string {
  const { named, more } = namedAndMore(failed);
  const list = named.map((fund) => `${fund.name} (${fund.message})`).join(", ") + (more > 0 ? ` and ${more} more` : "");
  return `${failed.length} ${failed.length === 1 ? "fund" : "funds"} could not be read: ${list}`;
}

// Ids X-Missing-Funds names at most (36 characters and a comma each: under 4 KB, which every proxy passes).
const headerIds = 100;

/**
 * The answer to an export that would be short: 409 before any row, naming the funds that could not be read; the
 * person may Retry, or ask for the file without them (`partial=1`).
 */
export function incompleteExport(failed: readonly FailedFund[]): Response {
  const error = `${failedFundsMessage(failed)}. Retry, or download without them.`;
  return Response.json({ error, failedFunds: failed }, { status: 409, headers: noStore });
}

/**
 * The headers of a file made without some funds: its name says so, X-Missing-Funds names their ids (the first 100)
 * and X-Missing-Funds-Count says how many there are.
 */
export function partialHeaders(missing: readonly FailedFund[]): Record<string, string> {
  if (missing.length === 0) return {};
  const ids = missing.slice(0, headerIds).map((fund) => fund.id);
  return { "X-Missing-Funds": ids.join(","), "X-Missing-Funds-Count": String(missing.length) };
}

/** The funds a file made now would miss: those that failed, and (while the directory is being read) those not read yet. */
export function missingFunds(snapshot: Pick<OrganizationSnapshot, "complete" | "failedFunds" | "funds">): FailedFund[] {
  if (snapshot.complete) return [...snapshot.failedFunds];
  const failed = new Set(snapshot.failedFunds.map((fund) => fund.id));
  const unread = snapshot.funds
    .filter((fund) => !failed.has(fund.id))
    .map((fund) => ({ id: fund.id, name: fund.name, status: 503, message: "not read yet" }));
  return [...snapshot.failedFunds, ...unread];
}
