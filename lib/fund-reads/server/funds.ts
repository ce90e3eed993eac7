import "server-only";
import { type Fund, getFund, listFunds } from "../../data/funds";
import type { Principal } from "../../data/principal";
import { keepFailure, keepFund, keepFundsList } from "./kept";

// Reads of the funds list and of one fund's record, for pages and routes: each kept (masked) as it is read.

/** Every fund the token can see; kept unless the person asked for full values (an export's sensitive fields). */
export async function readFunds(principal: Principal, options: { sensitive?: boolean } = {}): Promise<Fund[]> {
  const readAt = Date.now();
  try {
    const funds = await listFunds(principal, options);
    if (!options.sensitive) void keepFundsList(funds, readAt);
    return funds;
  } catch (error) {
    keepFailure("funds", null, error);
    throw error;
  }
}

/** One fund's own record (masked), kept as it is read. */
export async function readFund(principal: Principal, fundId: string): Promise<Fund> {
  const fund = await getFund(principal, fundId);
  void keepFund(fund, Date.now());
  return fund;
}
