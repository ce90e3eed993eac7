import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { familyOfficePair, sharedIdentities } from "./shared-identities";
import { createDemoStore, type DemoStore } from "./store";
import type { DemoInvestor } from "./types";

interface Holding {
  fundId: string;
  investor: DemoInvestor;
}

/** Each key's holdings, and how many records have no key: one pass over every list (100,000 records take 2.6 s). */
function holdingsBy(
  store: DemoStore,
  key: (investor: DemoInvestor) => string | null | undefined,
): { groups: Map<string, Holding[]>; keyless: number } {
  const groups = new Map<string, Holding[]>();
  let keyless = 0;
  for (const fund of store.funds) {
    for (const investor of store.listInvestors(fund.id)!) {
      const value = key(investor);
      if (!value) {
        keyless += 1;
        continue;
      }
      const group = groups.get(value) ?? [];
      group.push({ fundId: fund.id, investor });
      groups.set(value, group);
    }
  }
  return { groups, keyless };
}

/** Same person or entity: everything but the fund-specific parts (id, amounts, dates, team). */
function identityOf(investor: DemoInvestor): unknown {
  return { account: investor.investment_account, contact: investor.primary_contact };
}

/** What is wrong with one tax id's holdings across funds, in words (none when they overlap as they should). */
function problemsOf(holdings: readonly Holding[]): string[] {
  const taxId = holdings[0]!.investor.investment_account.tax_id;
  const problems: string[] = [];
  if (holdings.length > 5) problems.push(`${taxId}: in ${holdings.length} funds`);
  if (new Set(holdings.map((h) => h.fundId)).size !== holdings.length) problems.push(`${taxId}: twice in one fund`);
  if (new Set(holdings.map((h) => h.investor.id)).size !== holdings.length) problems.push(`${taxId}: one id twice`);
  if (new Set(holdings.map((h) => h.investor.commitment_amount)).size !== holdings.length)
    problems.push(`${taxId}: the same amount in two funds`);
  if (holdings.some((h) => !isDeepStrictEqual(identityOf(h.investor), identityOf(holdings[0]!.investor))))
    problems.push(`${taxId}: another identity`);
  return problems;
}

// Problems gathered and compared once: an expect per holding made the 100,000-position config take 32 s.
function expectOverlap(store: DemoStore): void {
  const { groups: byTaxId, keyless: untaxed } = holdingsBy(store, (i) => i.investment_account.tax_id);
  const shared = [...byTaxId.values()].filter((holdings) => holdings.length > 1);
  expect(shared.flatMap(problemsOf)).toEqual([]);
  // Distinct investors: each tax id once, plus the records without one.
  const share = shared.length / (byTaxId.size + untaxed);
  expect(share).toBeGreaterThan(0.13);
  expect(share).toBeLessThan(0.17);
  const fromHelper = sharedIdentities(store);
  expect(fromHelper.map((s) => s.taxId).sort()).toEqual(
    shared.map((h) => h[0]!.investor.investment_account.tax_id).sort(),
  );
  const unlike = fromHelper.filter((identity) => {
    const holdings = byTaxId.get(identity.taxId)!;
    const funds = new Set(holdings.map((h) => h.fundId));
    const sameFunds = identity.fundIds.length === funds.size && identity.fundIds.every((id) => funds.has(id));
    return !sameFunds || identity.email !== holdings[0]!.investor.primary_contact.email;
  });
  expect(unlike.map((identity) => identity.taxId)).toEqual([]);
}

describe("investors in several funds", () => {
  const store = createDemoStore();

  it("puts about 15% of distinct investors in 2 to 5 funds, as the same identity with new ids and amounts", () => {
    expectOverlap(store);
  });

  it("lists identities in exactly three funds, each found in those funds' lists by tax id", () => {
    const inThree = sharedIdentities(store, { minFunds: 3 }).filter((s) => s.fundIds.length === 3);
    expect(inThree.length).toBeGreaterThan(10);
    const first = inThree[0]!;
    for (const fundId of first.fundIds) {
      const matches = store.listInvestors(fundId)!.filter((i) => i.investment_account.tax_id === first.taxId);
      expect(matches).toHaveLength(1);
      expect(matches[0]!.primary_contact.email).toBe(first.email);
    }
    expect(sharedIdentities(store, { minFunds: 5 }).length).toBeGreaterThan(0);
    expect(sharedIdentities(store, { limit: 3 })).toHaveLength(3);
  });

  it("shares a primary-contact email across tax ids exactly once: the family office pair", () => {
    const byEmail = holdingsBy(store, (i) => i.primary_contact.email).groups;
    const mixed = [...byEmail.entries()].filter(
      ([, holdings]) => new Set(holdings.map((h) => h.investor.investment_account.tax_id)).size > 1,
    );
    expect(mixed).toHaveLength(1);
    const [email, holdings] = mixed[0]!;
    expect(holdings).toHaveLength(2);
    const pair = familyOfficePair(store)!;
    expect(pair.email).toBe(email);
    expect(new Set(pair.members.map((m) => m.investorId))).toEqual(new Set(holdings.map((h) => h.investor.id)));
    expect(pair.members[0].taxId).not.toBe(pair.members[1].taxId);
    expect(pair.members.every((m) => m.taxId)).toBe(true);
    expect(pair.members[0].legalName).not.toBe(pair.members[1].legalName);
  });

  it("is the same for the same seed and different for another", () => {
    expect(sharedIdentities(createDemoStore(), { limit: 20 })).toEqual(sharedIdentities(store, { limit: 20 }));
    expect(familyOfficePair(createDemoStore())).toEqual(familyOfficePair(store));
    expect(sharedIdentities(createDemoStore({ seed: 43 }), { limit: 5 })).not.toEqual(
      sharedIdentities(store, { limit: 5 }),
    );
  });

  it("overlaps the same way in a big config: 2,000 funds, 100,000 positions", { timeout: 120_000 }, () => {
    const big = createDemoStore({ fundCount: 2000, investorsPerFund: 50 });
    expectOverlap(big);
    expect(familyOfficePair(big)).not.toBeNull();
  });

  it("has no pair where there is no room for one", () => {
    expect(familyOfficePair(createDemoStore({ fundCount: 1, fundSizes: [1] }))).toBeNull();
    expect(sharedIdentities(createDemoStore({ fundCount: 1, fundSizes: [40] }))).toEqual([]);
  });
});
