import type { Fund } from "../customer-api/schemas";
import type { ReconciliationSummary } from "../reconciliation/types";

export type { Fund } from "../customer-api/schemas";

type LegalEntity = NonNullable<Fund["legal_entity"]>;

/** The part of a Fund the grid's columns read (see fundGridRow); a full Fund is one too. */
export type FundGridRow = Pick<
  Fund,
  | "id"
  | "organization_name"
  | "portfolio_company_legal_name"
  | "round_type"
  | "security_type"
  | "target_size"
  | "total_commitments"
  | "total_contributed"
  | "investor_count"
  | "created_at"
> & {
  legal_entity?: Pick<LegalEntity, "display_name" | "legal_name"> | null;
  /** The fund's line of reconciliation, from the organization's held lists (the grid adds it). */
  reconciliation?: ReconciliationSummary;
};
