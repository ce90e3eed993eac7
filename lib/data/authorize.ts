import "server-only";
import { can } from "../access/policy";
import type { FundResource } from "../access/types";
import * as api from "../customer-api";
import { CustomerApiError, messages } from "../customer-api/errors";
import { Forbidden } from "../http/errors";
import type { Principal } from "./principal";

type FundAction = "fund.read" | "export.masked" | "secret.reveal" | "export.sensitive";

const refusals: Record<FundAction, string> = {
  "fund.read": "Your role does not allow browsing this fund.",
  "export.masked": "Your role does not allow downloading this file.",
  "secret.reveal": "Your role does not allow revealing tax ids and account numbers.",
  "export.sensitive": "Your role does not allow files with full tax ids and account numbers.",
};

/** A fund outside the person's scope answers exactly as one that does not exist. */
export function unknownFund(): CustomerApiError {
  return new CustomerApiError("fund_not_found", messages.fundNotFound, 404);
}

/**
 * Decides an action on a fund before its data is read: out of scope, the same 404 as an unknown fund; in scope but
 * beyond the person's role, 403. Gives the fund as the policy saw it (its source and organization).
 */
export async function authorizeFund(principal: Principal, action: FundAction, fundId: string): Promise<FundResource> {
  const fund = await api.getFund(fundId);
  const resource: FundResource = { source: "default", organization: fund.organization_name?.trim() || null };
  if (!can(principal, "fund.read", resource)) throw unknownFund();
  if (!can(principal, action, resource)) throw new Forbidden(refusals[action]);
  return resource;
}
