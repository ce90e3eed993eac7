import { upstreamGet } from "./upstream";

export interface InvestorLike {
  id: string;
  commitment_amount?: string | null;
  contributed_amount?: string | null;
  unfunded_commitment_amount?: string | null;
  total_capital_due?: string | null;
  investment_account?: {
    display_name?: string | null;
    legal_name?: string | null;
    investor_type?: string | null;
    joint_legal_name?: string | null;
    tax_id?: string | null;
    bank?: { account_number?: string | null } | null;
  } | null;
  primary_contact?: { full_name?: string | null; email?: string | null } | null;
  team_members?: { member_name?: string | null; member_email?: string | null }[] | null;
}

export interface FundWithInvestors {
  fundId: string;
  investors: InvestorLike[];
}

/** A mid-sized demo fund (all rows fit in a few screens) with its investors, straight from the upstream. */
export async function mediumFund(): Promise<FundWithInvestors> {
  const funds = await upstreamGet<{ id: string; investor_count?: number | null }[]>("/funds");
  const fund = funds
    .filter((f) => (f.investor_count ?? 0) >= 30 && (f.investor_count ?? 0) <= 300)
    .sort((a, b) => (a.investor_count ?? 0) - (b.investor_count ?? 0))[0]!;
  return { fundId: fund.id, investors: await upstreamGet<InvestorLike[]>(`/funds/${fund.id}/investors`) };
}

export function investorName(investor: InvestorLike): string {
  return (
    investor.investment_account?.display_name?.trim() ||
    investor.investment_account?.legal_name?.trim() ||
    investor.primary_contact?.full_name?.trim() ||
    investor.id
  );
}
