import "server-only";
import { noStore } from "../../http/error-response";
import type { FailedFund } from "../types";

/** "2 funds could not be read: Fund A (The Customer API did not answer within 10 s.), Fund B (…)". */
export function failedFundsMessage(failed: readonly FailedFund[]): string {
  const named = failed.map((fund) => `${fund.name} (${fund.message})`).join(", ");
  return `${failed.length} ${failed.length === 1 ? "fund" : "funds"} could not be read: ${named}`;
}

/**
 * The answer to an export that would be short: 409 before any row, naming the funds that could not be read; the
 * person may Retry, or ask for the file without them (`partial=1`).
 */
export function incompleteExport(failed: readonly FailedFund[]): Response {
  const error = `${failedFundsMessage(failed)}. Retry, or download without them.`;
  return Response.json({ error, failedFunds: failed }, { status: 409, headers: noStore });
}

/** The headers of a file made without some funds: its name says so, and X-Missing-Funds names their ids. */
export function partialHeaders(missing: readonly FailedFund[]): Record<string, string> {
  return missing.length === 0 ? {} : { "X-Missing-Funds": missing.map((fund) => fund.id).join(",") };
}
