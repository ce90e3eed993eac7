import "server-only";
import { fundName, investorName, investorTypeOf, teamMembersText } from "../../customer-api/names";
import type { Fund, Investor } from "../../customer-api/schemas";
import { positionAmountKeys } from "../../store/columns";
import { type ModelFund, type ModelPosition, searchSeparator } from "../../store/model";
import { sortKey } from "../../store/sort-key";
import { parseTimestamp } from "../../values/format";
import { investorKey, normalizedEmail } from "./match-key";

// What the read model keeps of each read (lib/store/model.ts), worked out here, where the record's names and the
// deployment's keys are known: never the whole record, never a tax id (only its last 4, as masked).

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

/** Each text once, lower-cased, separated so that no search matches across two. */
export function searchTextOf(parts: readonly (string | null | undefined)[]): string {
  const texts = parts.filter((part): part is string => !!part).map((part) => part.toLowerCase());
  return [...new Set(texts)].join(searchSeparator);
}

/**
 * A position of a fund's list (a masked record, and the keyed hash of its tax id taken before it was masked): its
 * name, type and search text (names, emails, joint name, team, the tax id's last 4), and the investor keys it may
 * be grouped under across funds (lib/directory's rules).
 */
export function modelPositionOf(ref: string, investor: Investor, taxKey: string | null): ModelPosition {
  const account = investor.investment_account;
  const email = text(investor.primary_contact?.email);
  const emailKey = normalizedEmail(email);
  const name = investorName(investor);
  const search = searchTextOf([
    name,
    account?.legal_name,
    account?.display_name,
    email,
    account?.joint_legal_name,
    teamMembersText(investor),
    text(account?.tax_id)?.slice(-4),
  ]);
  const record = investor as unknown as Record<string, unknown>;
  return {
    investorId: investor.id,
    name,
    nameSort: sortKey(name),
    email,
    emailKey,
    taxKey,
    investorType: investorTypeOf(investor),
    invited: parseTimestamp(investor.date_invited)?.toISOString() ?? null,
    search,
    taxGroup: taxKey === null ? null : investorKey({ matchedBy: "tax_id", value: taxKey }),
    emailGroup: taxKey !== null || emailKey === null ? null : investorKey({ matchedBy: "email", value: emailKey }),
    ownGroup:
      taxKey !== null || emailKey !== null ? null : investorKey({ matchedBy: "none", value: `${ref}:${investor.id}` }),
    amounts: Object.fromEntries(positionAmountKeys.map((key) => [key, record[key]])) as ModelPosition["amounts"],
  };
}

const utcDay = (value: unknown) =>
  parseTimestamp(typeof value === "string" ? value : null)
    ?.toISOString()
    .slice(0, 10);

/** A fund of a source's funds list as the read model lists it: its names, organization and own figures. */
export function modelFundOf(fund: Fund): ModelFund {
  const name = fundName(fund);
  const figure = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    fundId: fund.id,
    name,
    nameSort: sortKey(name),
    search: searchTextOf([
      name,
      fund.legal_entity?.legal_name,
      fund.organization_name,
      fund.portfolio_company_legal_name,
    ]),
    organization: text(fund.organization_name),
    figures: {
      investor_count: figure(fund.investor_count),
      total_commitments: figure(fund.total_commitments),
      total_contributed: figure(fund.total_contributed),
      total_received: figure(fund.total_received),
      calculation_method: figure(fund.calculation_method),
      capital_due_date: figure(fund.capital_due_date),
      target_size: figure(fund.target_size),
    },
    capitalDueDay: utcDay(fund.capital_due_date) ?? null,
  };
}
