// Wire shapes served by the demo; optional members are sometimes null and sometimes absent on purpose.

export type CalculationMethod = "contribution" | "gross" | "investment";
export type InvestorType = "individual" | "joint" | "entity" | "trust";

export interface FundBank {
  account_name: string;
  account_number: string;
  additional_instructions?: string | null;
  name: string;
  routing_number: string;
  swift_code?: string | null;
}

export interface FundLegalEntity {
  display_name: string | null;
  legal_name: string;
  formation_date?: string | null;
  formation_state?: string | null;
  tax_id: string;
  tax_id_type: string;
  type: string;
}

export interface FundCore {
  id: string;
  bank: FundBank;
  calculation_method: CalculationMethod;
  capital_due_date?: string | null;
  carry_percent: string;
  created_at: string;
  deal_description?: string | null;
  expense_reserve: string;
  investor_count: number;
  legal_entity: FundLegalEntity;
  management_fee_percent: string | number;
  minimum_investment: string;
  organization_name: string;
  portfolio_company_legal_name?: string | null;
  round_type?: string | null;
  security_type?: string | null;
  sign_by_date?: string | null;
  target_size: string;
  total_commitments: string;
  total_contributed: string;
  total_received: string;
}

/** A fund as served, possibly with unknown extra members. */
export type DemoFund = FundCore & Record<string, unknown>;

export interface InvestorAddress {
  line_one: string;
  line_two: string | null;
  city: string;
  state: string | null;
  postal: string;
  country: string;
}

export interface InvestorBank {
  account_name: string;
  account_number: string;
  /** Most records use bank_name; some use name, as the field reference spells it. */
  bank_name?: string;
  name?: string;
  routing_number: string | null;
  swift_code?: string | null;
  additional_instructions?: string | null;
}

export interface InvestmentAccount {
  legal_name: string;
  display_name: string | null;
  investor_type: InvestorType;
  entity_type?: string | null;
  entity_subtype?: string | null;
  trust_type?: string | null;
  trust_subtype?: string | null;
  address: InvestorAddress;
  bank: InvestorBank;
  phone_number?: string | null;
  fax_number?: string | null;
  joint_legal_name?: string | null;
  joint_email?: string | null;
  /** Absent in the field-reference shape, which carries these two at the investor's top level. */
  tax_id?: string | null;
  tax_id_type?: string | null;
}

export interface PrimaryContact {
  first_name: string;
  middle_name?: string | null;
  last_name: string;
  full_name: string;
  email: string;
}

export interface TeamMember {
  member_name: string;
  member_email: string;
}

export interface InvestorCore {
  id: string;
  investment_account: InvestmentAccount;
  primary_contact: PrimaryContact;
  team_members?: TeamMember[];
  date_invited: string;
  commitment_amount: string | null;
  management_fee_amount: string | null;
  management_fee_percent: string;
  expense_reserve_amount: string | null;
  total_capital_due: string | null;
  contributed_amount: string;
  contributed_at: string | null;
  total_received: string;
  unfunded_commitment_amount: string | null;
  carry_percent: string;
  ownership_percent: string | null;
  life_distributions?: string | null;
  net_asset_value?: string | null;
}

/** An investor as served, possibly with unknown extra members. */
export type DemoInvestor = InvestorCore & Record<string, unknown>;
