import "server-only";
import { noStore } from "../../http/error-response";
import { orgMissing } from "../../store/server";
import { countOf } from "../../values/count";
import { namedAndMore } from "../failed-funds";
import type { FailedFund } from "../types";
import type { OrganizationState } from "./state";

// What a file that spans funds says of the funds it would miss: it refuses (409) naming them, or is made without
// them and says so; never a short file that looks whole.

/** The funds missing and how many there are (a message names ten and counts the rest). */
export interface Missing {
  funds: FailedFund[];
  count: number;
}

/** "2 funds could not be read: Fund A (The Customer API did not answer within 10 s.), Fund B (…)". */
export function failedFundsMessage({ funds, count }: Missing): string {
  const { named, more } = namedAndMore(funds, count);
  const list =
    named.map((fund) => `${fund.name} (${fund.message})`).join(", ") +
    (more > 0 ? ` and ${countOf(more, "more", "more")}` : "");
  return `${countOf(count, "fund")} could not be read: ${list}`;
}

/** The answer to an export that would be short: 409 before any row, naming the funds; Retry, or `partial=1`. */
export function incompleteExport(missing: Missing): Response {
  const error = `${failedFundsMessage(missing)}. Retry, or download without them.`;
  return Response.json(
    { error, failedFunds: missing.funds, failedCount: missing.count },
    { status: 409, headers: noStore },
  );
}

/** The headers of a file made without some funds: X-Missing-Funds names their ids (the first 100), and how many. */
export function partialHeaders(missing: Missing): Record<string, string> {
  if (missing.count === 0) return {};
  return {
    "X-Missing-Funds": missing.funds.map((fund) => fund.id).join(","),
    "X-Missing-Funds-Count": String(missing.count),
  };
}

/** The funds a file made now would miss (those failed, and those not read yet): of the scope, or of one fund. */
export async function missingFunds(organization: OrganizationState, fundKey: string | null = null): Promise<Missing> {
  if (organization.state.failedCount === 0 && organization.complete) return { funds: [], count: 0 };
  const { funds, count } = await orgMissing({ scope: organization.scope, fundKey });
  return {
    funds: funds.map((fund) => ({
      id: organization.refOf(fund),
      name: fund.name,
      status: fund.status,
      message: fund.message,
    })),
    count,
  };
}
