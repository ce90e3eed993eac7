import type { Fund, Investor } from "./schemas";

const dots = "•••••";

/** Keeps only the last 4 characters; a value of 4 or fewer characters is hidden whole. */
export function maskSecret<T extends string | null | undefined>(value: T): T {
  if (value === null || value === undefined || value === "") return value;
  const visible = value.length > 4 ? value.slice(-4) : "";
  return `${dots}${visible}` as T;
}

export function maskFund(fund: Fund): Fund {
  return {
    ...fund,
    legal_entity: fund.legal_entity && { ...fund.legal_entity, tax_id: maskSecret(fund.legal_entity.tax_id) },
    bank: fund.bank && { ...fund.bank, account_number: maskSecret(fund.bank.account_number) },
  };
}

export function maskInvestor(investor: Investor): Investor {
  const account = investor.investment_account;
  if (!account) return investor;
  return {
    ...investor,
    investment_account: {
      ...account,
      tax_id: maskSecret(account.tax_id),
      bank: account.bank && { ...account.bank, account_number: maskSecret(account.bank.account_number) },
    },
  };
}

export interface FundSecrets {
  legal_entity: { tax_id: string | null };
  bank: { account_number: string | null };
}

export interface InvestorSecrets {
  investment_account: { tax_id: string | null; bank: { account_number: string | null } };
}

export function fundSecrets(fund: Fund): FundSecrets {
  return {
    legal_entity: { tax_id: fund.legal_entity?.tax_id ?? null },
    bank: { account_number: fund.bank?.account_number ?? null },
  };
}

export function investorSecrets(investor: Investor): InvestorSecrets {
  const account = investor.investment_account;
  return {
    investment_account: {
      tax_id: account?.tax_id ?? null,
      bank: { account_number: account?.bank?.account_number ?? null },
    },
  };
}
