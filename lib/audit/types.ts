import type { SignInMethod } from "../access/types";

// The audit trail's rows (issue 28): who did what to which fund or investor, when, from where, and how it ended.

export const auditActions = [
  "reveal",
  "sensitive_export",
  "forget",
  "revoke",
  "sign_in",
  "sign_in_refused",
  "policy_refusal",
  "rules_change",
  "audit_view",
  "retention",
  "team_alert",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditOutcomes = ["allowed", "refused", "failed", "done", "cancelled"] as const;
export type AuditOutcome = (typeof auditOutcomes)[number];

/** One row to write. Never a revealed value, a token or a password: `detail` is a field's or file's name, a reason. */
export interface AuditEntry {
  /** The person's email, or the server's own principal (system:…), or the operator running a command (cli:…). */
  actor: string;
  method: SignInMethod | "cli";
  action: AuditAction;
  outcome: AuditOutcome;
  source: string | null;
  organization: string | null;
  /** The fund's id as the dashboard links it (its ref), and the investor's id, when the row concerns them. */
  fundId: string | null;
  investorId: string | null;
  requestId: string | null;
  clientAddress: string | null;
  detail: string | null;
}

/** One row as /audit, its API and its files show it: the entry, when (ISO) and its place in the trail. */
export interface AuditRow extends AuditEntry {
  id: number;
  at: string;
}

/** GET /api/audit: a page of the view, newest first. */
export interface AuditPage {
  /** The newest row's id when the first page was read: later pages come from the rows up to it. */
  version: string;
  /** Rows of the view, and rows the reader may see at all. */
  matched: number;
  total: number;
  offset: number;
  rows: AuditRow[];
  longest: Record<string, number>;
}
