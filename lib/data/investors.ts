import "server-only";
import * as api from "../customer-api";
import type { ListCollector } from "../customer-api";
import { type FundAction, fundAccess, unlessGone } from "./fund-access";
import { noteRead, type Principal } from "./principal";

export type { Collected, Investor, ListCollector } from "../customer-api";
export { intoArray } from "../customer-api";

/** A read's gate: a whole list for a file asks "export.*", anything else "fund.read". */
function gate(principal: Principal, ref: string, options: api.ReadOptions & { action?: FundAction }) {
  return fundAccess(principal, ref, options.action ?? (options.sensitive ? "export.sensitive" : "fund.read"));
}

/** A fund's whole investor list, masked unless the person asked for full values in an export. */
export async function listInvestors(
  principal: Principal,
  ref: string,
  options: api.ReadOptions & { action?: FundAction } = {},
) {
  const access = await gate(principal, ref, options);
  noteRead(principal, "investors", access.ref);
  return unlessGone(access.source, access.fundId, api.listInvestors(access.source, access.fundId, options));
}

/** A fund's investors handed one by one (masked unless asked) to a collector as the list is read. */
export async function collectInvestors<R, D = undefined>(
  principal: Principal,
  ref: string,
  collect: () => ListCollector<api.Investor, R, D>,
  options: api.CollectOptions<D> & { action?: FundAction } = {},
) {
  const access = await gate(principal, ref, options);
  noteRead(principal, "investors", access.ref);
  return unlessGone(
    access.source,
    access.fundId,
    api.collectInvestors<R, D>(access.source, access.fundId, collect, options),
  );
}

export async function getInvestor(principal: Principal, ref: string, investorId: string) {
  const access = await fundAccess(principal, ref, "fund.read");
  noteRead(principal, "investor", access.ref);
  return unlessGone(access.source, access.fundId, api.getInvestor(access.source, access.fundId, investorId));
}

/** One full secret of an investor, for the audited reveal route only (the gate decides "secret.reveal" first). */
export async function getInvestorSecret(principal: Principal, ref: string, investorId: string, field: api.SecretField) {
  const access = await fundAccess(principal, ref, "secret.reveal");
  noteRead(principal, "investor_secret", access.ref);
  return api.getInvestorSecret(access.source, access.fundId, investorId, field);
}
