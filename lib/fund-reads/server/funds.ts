import "server-only";
import { fundAccess } from "../../data/fund-access";
import { type Fund, getFund, listFunds } from "../../data/funds";
import type { Principal } from "../../data/principal";
import { refParts } from "../../data/sources";
import { keepFailure, keepFund, keepFundsList } from "./kept";

// Reads of the funds lists and of one fund's record, for pages and routes: each kept (masked) as it is read.

/** Every fund the person may see; kept unless the person asked for full values (an export's sensitive fields). */
export async function readFunds(principal: Principal, options: { sensitive?: boolean } = {}): Promise<Fund[]> {
  const readAt = Date.now();
  const funds = await listFunds(principal, options);
  // A person's list is their scope's part of each source's: only a person seeing everything reads sources whole.
  if (!options.sensitive && principal.scope.all) {
    const bySource = new Map<string, Fund[]>();
    for (const fund of funds) {
      const source = refParts(fund.id)?.source;
      if (source) bySource.set(source, [...(bySource.get(source) ?? []), fund]);
    }
    for (const [source, list] of bySource) void keepFundsList(source, list, readAt);
  }
  return funds;
}

/** One fund's own record (masked), kept as it is read. */
export async function readFund(principal: Principal, ref: string): Promise<Fund> {
  const access = await fundAccess(principal, ref, "fund.read");
  try {
    const fund = await getFund(principal, access.ref);
    void keepFund(access.storeKey, fund, Date.now());
    return fund;
  } catch (error) {
    keepFailure(access.source, "fund", access.storeKey, error);
    throw error;
  }
}
