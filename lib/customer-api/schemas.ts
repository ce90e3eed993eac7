import { z } from "zod";

// The spec leaves nullability and formats open: scalars arrive as strings, numbers or booleans and are kept as text
// (a string as it is, untouched by the transform: most fields are strings, and every record is read).
const text = z.union([z.string(), z.union([z.number(), z.boolean()]).transform((value) => String(value))]).nullish();

// Decimal strings stay strings; a JSON number is turned into its shortest exact text.
const decimal = text;

const count = z.union([z.number(), z.string()]).nullish();

const fundBankSchema = z.looseObject({
  account_name: text,
  account_number: text,
  additional_instructions: text,
  name: text,
  routing_number: text,
  swift_code: text,
});

const legalEntitySchema = z.looseObject({
  display_name: text,
  legal_name: text,
  formation_date: text,
  formation_state: text,
  tax_id: text,
  tax_id_type: text,
  type: text,
});

export const fundSchema = z.looseObject({
  id: z.string().min(1),
  bank: fundBankSchema.nullish(),
  calculation_method: text,
  capital_due_date: text,
  carry_percent: decimal,
  created_at: text,
  deal_description: text,
  expense_reserve: decimal,
  investor_count: count,
  legal_entity: legalEntitySchema.nullish(),
  management_fee_percent: decimal,
  minimum_investment: decimal,
  organization_name: text,
  portfolio_company_legal_name: text,
  round_type: text,
  security_type: text,
  sign_by_date: text,
  target_size: decimal,
  total_commitments: decimal,
  total_contributed: decimal,
  total_received: decimal,
});

const addressSchema = z.looseObject({
  line_one: text,
  line_two: text,
  city: text,
  state: text,
  postal: text,
  country: text,
});

// The field reference calls the bank's name `name`, the response examples `bank_name`: both are read.
const investorBankSchema = z.looseObject({
  account_name: text,
  account_number: text,
  bank_name: text,
  name: text,
  routing_number: text,
  swift_code: text,
  additional_instructions: text,
});

const investmentAccountSchema = z.looseObject({
  legal_name: text,
  display_name: text,
  investor_type: text,
  entity_type: text,
  entity_subtype: text,
  trust_type: text,
  trust_subtype: text,
  address: addressSchema.nullish(),
  bank: investorBankSchema.nullish(),
  phone_number: text,
  fax_number: text,
  joint_legal_name: text,
  joint_email: text,
  tax_id: text,
  tax_id_type: text,
});

const primaryContactSchema = z.looseObject({
  first_name: text,
  middle_name: text,
  last_name: text,
  full_name: text,
  email: text,
});

const teamMemberSchema = z.looseObject({ member_name: text, member_email: text });

// The field reference puts these at the top of an Investor, the response examples inside investment_account.
const referenceFields = [
  "phone_number",
  "fax_number",
  "joint_legal_name",
  "joint_email",
  "tax_id",
  "tax_id_type",
] as const;

const investorObjectSchema = z.looseObject({
  id: z.string().min(1),
  phone_number: text,
  fax_number: text,
  joint_legal_name: text,
  joint_email: text,
  tax_id: text,
  tax_id_type: text,
  investment_account: investmentAccountSchema.nullish(),
  primary_contact: primaryContactSchema.nullish(),
  team_members: z.array(teamMemberSchema).nullish(),
  date_invited: text,
  commitment_amount: decimal,
  management_fee_amount: decimal,
  management_fee_percent: decimal,
  expense_reserve_amount: decimal,
  total_capital_due: decimal,
  contributed_amount: decimal,
  contributed_at: text,
  total_received: decimal,
  unfunded_commitment_amount: decimal,
  carry_percent: decimal,
  ownership_percent: decimal,
  life_distributions: decimal,
  net_asset_value: decimal,
});

type InvestorObject = z.infer<typeof investorObjectSchema>;

/** Fields sent at the top level move into investment_account (the examples' shape) unless it has its own. */
function liftReferenceFields(investor: InvestorObject): InvestorObject {
  const moved = referenceFields.filter(
    (name) => investor[name] !== undefined && (investor.investment_account?.[name] ?? null) === null,
  );
  if (moved.length === 0) return investor;
  const account = { ...investor.investment_account };
  for (const name of moved) account[name] = investor[name];
  // Built without the moved keys rather than deleting them: a deleted key slows every later read of the record.
  const lifted: Record<string, unknown> = {};
  for (const key of Object.keys(investor)) if (!(moved as readonly string[]).includes(key)) lifted[key] = investor[key];
  lifted.investment_account = account; // where it was, or last
  return lifted as InvestorObject;
}

export const investorSchema = investorObjectSchema.transform(liftReferenceFields);

export const fundListSchema = z.array(fundSchema);
export const investorListSchema = z.array(investorSchema);

export type Fund = z.infer<typeof fundSchema>;
export type Investor = z.infer<typeof investorSchema>;
export type InvestorBank = z.infer<typeof investorBankSchema>;
