import type { AuditEntry } from "../server/audit-types";

// The audit trail's rows (issue 28): who did what to which fund or investor, when, from where, and how it ended.

export {
  type AuditAction,
  auditActions,
  type AuditEntry,
  type AuditOutcome,
  auditOutcomes,
} from "../server/audit-types";

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
