import "server-only";
import { can } from "../access/policy";
import * as api from "../customer-api";
import { singleSource } from "../customer-api/sources";
import { organizationOf } from "./catalog";
import { Forbidden } from "../http/errors";
import { type FundAccess, fundAccess, noted, readSourceFunds, refusals } from "./fund-access";
import { noteRead, type Principal } from "./principal";
import { refOf, sourcesOf } from "./sources";

export type { Fund } from "../customer-api";

/** A fund as the dashboard hands it on: its id is its ref (with several sources, `source~id`). */
function asRef<T extends { id: string }>(source: string, fund: T): T {
  return singleSource() ? fund : { ...fund, id: refOf(source, fund.id) };
}

/** Each source's funds in the person's scope, masked (full values only for an export the person asked for). */
export async function listFunds(principal: Principal, options: api.ReadOptions = {}): Promise<api.Fund[]> {
  if (options.sensitive && !can(principal, "export.sensitive", null)) throw new Forbidden(refusals["export.sensitive"]);
  noteRead(principal, "funds");
  const sources = sourcesOf(principal.scope);
  const lists = await Promise.all(
    sources.map(async (source) => {
      try {
        return await readSourceFunds(source, options.sensitive);
      } catch (error) {
        // With several sources the failure names the one that failed.
        if (sources.length > 1 && error instanceof Error) error.message = `${source}: ${error.message}`;
        throw error;
      }
    }),
  );
  return lists.flatMap((funds, at) => {
    const source = sources[at]!;
    const seen = funds.filter((fund) => can(principal, "fund.read", { source, organization: organizationOf(fund) }));
    return seen.map((fund) => asRef(source, fund));
  });
}

/** One fund's own record (masked), or the upstream's 404 when it is unknown or outside the person's scope. */
export async function getFund(principal: Principal, ref: string) {
  const access = await fundAccess(principal, ref, "fund.read");
  noteRead(principal, "fund", access.ref);
  return asRef(access.source, await noted(access.source, access.fundId, api.getFund(access.source, access.fundId)));
}

/** One full secret of a fund, for the audited reveal route only (the gate decides "secret.reveal" first). */
export async function getFundSecret(principal: Principal, ref: string, field: api.SecretField) {
  const access = await fundAccess(principal, ref, "secret.reveal");
  noteRead(principal, "fund_secret", access.ref);
  return api.getFundSecret(access.source, access.fundId, field);
}

/** A fund's record as a list handed it on (a kept or live read of one source), with its ref as id. */
export function fundAsRef<T extends { id: string }>(access: Pick<FundAccess, "source">, fund: T): T {
  return asRef(access.source, fund);
}

export { isDemoMode } from "../customer-api";
