// The audit trail's rows as their writer (audit-record.ts) takes them: the plumbing's contract, which lib/audit's
// table and every feature that writes a row share.

/** How a person got in (or "cli": the operator at a command). */
export type SignInMethod = "local" | "oidc" | "proxy" | "demo" | "system";

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
  "note_delete",
  "statement",
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
