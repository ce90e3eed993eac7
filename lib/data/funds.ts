import "server-only";
import * as api from "../customer-api";
import { noteRead, type Principal } from "./principal";

export type { Fund } from "../customer-api";

/** Every fund the token can see, masked (with full values only for an export the person asked for). */
export async function listFunds(principal: Principal, options: api.ReadOptions = {}) {
  noteRead(principal, "funds");
  return api.listFunds(options);
}

export async function getFund(principal: Principal, fundId: string) {
  noteRead(principal, "fund", fundId);
  return api.getFund(fundId);
}

/** One full secret of a fund, for the audited reveal route only. */
export async function getFundSecret(principal: Principal, fundId: string, field: api.SecretField) {
  noteRead(principal, "fund_secret", fundId);
  return api.getFundSecret(fundId, field);
}

export { isDemoMode } from "../customer-api";
