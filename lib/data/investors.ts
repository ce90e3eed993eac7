import "server-only";
import * as api from "../customer-api";
import type { ListCollector } from "../customer-api";
import { noteRead, type Principal } from "./principal";

export type { Collected, Investor, ListCollector } from "../customer-api";
export { intoArray } from "../customer-api";

/** A fund's whole investor list, masked unless the person asked for full values in an export. */
export async function listInvestors(principal: Principal, fundId: string, options: api.ReadOptions = {}) {
  noteRead(principal, "investors", fundId);
  return api.listInvestors(fundId, options);
}

/** A fund's investors handed one by one (masked unless asked) to a collector as the list is read. */
export async function collectInvestors<R, D = undefined>(
  principal: Principal,
  fundId: string,
  collect: () => ListCollector<api.Investor, R, D>,
  options: api.CollectOptions<D> = {},
) {
  noteRead(principal, "investors", fundId);
  return api.collectInvestors<R, D>(fundId, collect, options);
}

export async function getInvestor(principal: Principal, fundId: string, investorId: string) {
  noteRead(principal, "investor", fundId);
  return api.getInvestor(fundId, investorId);
}

/** One full secret of an investor, for the audited reveal route only. */
export async function getInvestorSecret(
  principal: Principal,
  fundId: string,
  investorId: string,
  field: api.SecretField,
) {
  noteRead(principal, "investor_secret", fundId);
  return api.getInvestorSecret(fundId, investorId, field);
}
