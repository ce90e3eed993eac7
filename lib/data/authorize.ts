import "server-only";
import type { FundResource } from "../access/types";
import { type FundAction, fundAccess } from "./fund-access";
import type { Principal } from "./principal";

export { unknownFund } from "./fund-access";

/** Decides an action on a fund (fundAccess) and gives the fund as the policy saw it, for an audit row. */
export async function authorizeFund(principal: Principal, action: FundAction, ref: string): Promise<FundResource> {
  return (await fundAccess(principal, ref, action)).resource;
}
