// Finding investors who are in several funds, and the family office pair, without scanning every list.
import { investorIdentity } from "./investor-identity";
import type { DemoStore } from "./store";
import type { InvestorType } from "./types";

/** One legal person or entity holding positions in several funds (a different investor id in each). */
export interface SharedIdentity {
  taxId: string;
  email: string;
  legalName: string;
  investorType: InvestorType;
  /** In the order the identity joined them; its commitment is its ticket times 1, 1.5, 2, 2.5, 3 in turn. */
  fundIds: string[];
}

/** Shared identities in at least minFunds funds (default 2), at most limit of them, in a stable order. */
export function sharedIdentities(store: DemoStore, { minFunds = 2, limit = Infinity } = {}): SharedIdentity[] {
  const plan = store.identityPlan;
  const found: SharedIdentity[] = [];
  for (let identity = 0; identity < plan.sharedCount && found.length < limit; identity++) {
    const start = plan.memberStart[identity]!;
    const end = plan.memberStart[identity + 1]!;
    if (end - start < minFunds) continue;
    const { account, contact } = investorIdentity(plan, { identity, rank: 0, familyOffice: null });
    found.push({
      taxId: account.tax_id!,
      email: contact.email,
      legalName: account.legal_name,
      investorType: account.investor_type,
      fundIds: Array.from(plan.memberFund.subarray(start, end), (fund) => store.funds[fund]!.id),
    });
  }
  return found;
}

export interface FamilyOfficeMember {
  fundId: string;
  investorId: string;
  taxId: string;
  legalName: string;
}

/** The only two investors sharing a primary-contact email without sharing a tax id; null in a store too small for two. */
export interface FamilyOfficePair {
  email: string;
  members: [FamilyOfficeMember, FamilyOfficeMember];
}

export function familyOfficePair(store: DemoStore): FamilyOfficePair | null {
  const [first, second] = store.identityPlan.familyOffice.map(({ fund, position }) => {
    const fundId = store.funds[fund]!.id;
    const investor = store.investorAt(fundId, position)!;
    const member = {
      fundId,
      investorId: investor.id,
      taxId: investor.investment_account.tax_id!,
      legalName: investor.investment_account.legal_name,
    };
    return { member, email: investor.primary_contact.email };
  });
  if (first === undefined || second === undefined) return null;
  return { email: first.email, members: [first.member, second.member] };
}
