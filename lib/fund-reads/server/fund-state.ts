import "server-only";
import type { Fund } from "../../data/funds";
import { fundName } from "../../funds/columns";
import { statusOf } from "../../http/error-response";
import type { FundFigures } from "../../reconciliation/types";
import type { FailedFund } from "../../directory/types";
import type { Position } from "./positions";

// What the directory holds of each fund of the organization, and how it is made from the fund list's record.

export interface FundState {
  /** The fund's ref (its id, or `source~id` with several sources). */
  id: string;
  source: string;
  name: string;
  /** Lower-cased names the global search matches: display and legal name, organization, portfolio company. */
  search: string;
  organization: string | null;
  /** The fund's own figures, for reconciliation, capital outstanding and the Overview. */
  figures: FundFigures & { target_size?: string | null };
  status: "pending" | "read" | "failed";
  positions: readonly Position[];
  /** The content digest of the list the positions came from (null until read). */
  digest: string | null;
  failure: FailedFund | null;
  readAt: number | null;
  /** When the positions come from a kept read not yet read live by this process: that read's time (ms). */
  keptAt: number | null;
  /** The build in which this fund was last tried. */
  round: number;
}

/** The fund's own figures, as the fund list gives them (its target too, for the Overview). */
export function figuresOf(fund: Fund): FundFigures & { target_size?: string | null } {
  const { investor_count, total_commitments, total_contributed, total_received, calculation_method, capital_due_date } =
    fund;
  const figures = { investor_count, total_commitments, total_contributed, total_received, calculation_method };
  return { ...figures, capital_due_date, target_size: fund.target_size };
}

/** A fund's state from its record in its source's fund list, keeping what is known of its positions. */
export function fundStateOf(source: string, fund: Fund, known: FundState | undefined): FundState {
  const read = known ?? { status: "pending" as const, positions: [], digest: null, failure: null, readAt: null };
  return {
    keptAt: null,
    round: 0,
    ...read,
    id: fund.id,
    source,
    name: fundName(fund),
    search: fundSearchText(fund),
    organization: fund.organization_name?.trim() || null,
    figures: figuresOf(fund),
  };
}

/** What the global search matches of a fund, lower-cased and NUL-separated. */
export function fundSearchText(fund: Fund): string {
  const parts = [
    fundName(fund),
    fund.legal_entity?.legal_name,
    fund.organization_name,
    fund.portfolio_company_legal_name,
  ];
  return parts
    .filter((part): part is string => typeof part === "string" && part !== "")
    .join("\u0000")
    .toLowerCase();
}

/** Why a fund's list could not be read, as the directory names it. */
export function failureOf(fund: FundState, error: unknown): FailedFund {
  const status = statusOf(error) ?? 502;
  const message = error instanceof Error ? error.message : "The fund's investors could not be read.";
  return { id: fund.id, name: fund.name, status, message };
}
