import "server-only";
import { investorAmounts, type OrgInvestorRow, type StoreScope } from "../model";
import { folded } from "../sort-key";
import { type StoreConnection, defaultConnection } from "./connection";
import { inScope, Params } from "./org-scope";
import { likeAnywhere, needleOf } from "./org-directory";
import { investorsOf, scopedPositions, withInvestors } from "./org-investors";
import { unpackRecord } from "./packed-record";

// The header's search (funds and investors, the best few of each) and one investor's positions, from the read model.

/** A fund as the search and the views name it: by its source's fingerprint and upstream id. */
export interface OrgFundName {
  fingerprint: string;
  fundId: string;
  name: string;
  organization: string | null;
}

const regexEscaped = (text: string) => text.replace(/[\\^$.*+?()[\]{}|-]/g, (c) => `\\${c}`);

/** Best first: the name starts with the needle, then a word does, then anywhere; then by name. */
function rank(params: Params, q: string, search: string, nameSort: string): string {
  const prefix = params.add(`${folded(needleOf(q)).replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const word = params.add(`(^|[[:space:]\u001f@.,'(-])${regexEscaped(needleOf(q))}`);
  return `case when ${nameSort} like ${prefix} then 0 when ${search} ~ ${word} then 1 else 2 end, ${nameSort}`;
}

/** Funds and investors whose text holds what was typed, at most `limit` of each, best first. */
export async function searchOrganization(
  input: { scope: StoreScope; everything: boolean; q: string; limit: number },
  store: StoreConnection = defaultConnection(),
): Promise<{ funds: OrgFundName[]; investors: OrgInvestorRow[] }> {
  const pattern = likeAnywhere(input.q);
  if (pattern === null) return { funds: [], investors: [] };
  const fundParams = new Params();
  const fundWhere = `${inScope(input.scope, fundParams)} and f.search like ${fundParams.add(pattern)}`;
  const fundOrder = rank(fundParams, input.q, "f.search", "f.name_sort");
  const funds = await store.use(
    async (_db, pool) =>
      (
        await pool.query<OrgFundName>(
          `select f.fingerprint, f.fund_id as "fundId", coalesce(f.name, f.fund_id) as name, f.organization
         from org_funds f where ${fundWhere} order by ${fundOrder} limit ${fundParams.add(input.limit)}`,
          fundParams.values,
        )
      ).rows,
  );
  const investors = await withInvestors(
    input.scope,
    input.everything,
    async (relation, run) => {
      const params = new Params();
      const where = `i.search like ${params.add(pattern)}`;
      return run<OrgInvestorRow>(
        `select i.key, i.name, i.email, i.investor_type, i.funds,
                ${investorAmounts.map((c) => `i.${c}::text`).join(", ")}
         from ${relation} i where ${where} order by ${rank(params, input.q, "i.search", "i.name_sort")}
         limit ${params.add(input.limit)}`,
        params.values,
      );
    },
    store,
  );
  return { funds, investors };
}

/** One of an investor's positions: its fund, and its whole (masked) record as its fund's current read kept it. */
export interface OrgPosition {
  fingerprint: string;
  fundId: string;
  fundName: string;
  record: Record<string, unknown>;
}

export interface OrgInvestor {
  row: OrgInvestorRow;
  matchedBy: "tax_id" | "email" | "none";
  positions: OrgPosition[];
}

/**
 * An investor of the scope by their key, with each position's record; null when the scope holds no such investor.
 * Only the positions that may belong to the key are grouped: its own, and those sharing an email with them.
 */
export async function investorByKey(
  input: { scope: StoreScope; key: string },
  store: StoreConnection = defaultConnection(),
): Promise<OrgInvestor | null> {
  const params = new Params();
  const key = params.add(input.key);
  const near = `p.group_key = ${key} or (p.tax_key is null and p.email_group = ${key})
    or p.email_key in (select email_key from org_positions where email_key is not null
                       and (group_key = ${key} or (tax_key is null and email_group = ${key})))`;
  const positions = `select * from (${scopedPositions(input.scope, params, near)}) s where scoped_key = ${key}`;
  return store.use(async (_db, pool) => {
    const [row] = (
      await pool.query<OrgInvestorRow & { matched_by: OrgInvestor["matchedBy"] }>(
        `select key, matched_by, name, email, investor_type, funds,
                ${investorAmounts.map((c) => `${c}::text`).join(", ")}
         from (${investorsOf(positions)}) i`,
        params.values,
      )
    ).rows;
    if (!row) return null;
    const found = await pool.query<{
      fingerprint: string;
      fund_id: string;
      fund_name: string;
      packed: Buffer | null;
      record: Record<string, unknown> | null;
    }>(
      `select s.fingerprint, s.fund_id, coalesce(s.fund_name, s.fund_id) as fund_name, h.packed, h.record
       from (${positions}) s join positions h on h.read_id = s.read_id and h.ordinal = s.ordinal
       order by s.fingerprint, s.fund_ordinal, s.ordinal`,
      params.values,
    );
    const { matched_by: matchedBy, ...investor } = row;
    return {
      row: investor,
      matchedBy,
      positions: found.rows.map((position) => ({
        fingerprint: position.fingerprint,
        fundId: position.fund_id,
        fundName: position.fund_name,
        record: position.packed ? unpackRecord(position.packed) : position.record!,
      })),
    };
  });
}
