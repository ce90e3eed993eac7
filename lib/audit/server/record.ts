import "server-only";
import { logLine } from "../../server/log";
import type { AuditEntry } from "../types";

// TEMPORARY (replaced by the audit trail kept in the store, branch `audit`): the contract every caller writes to.

/** Writes one audit row; throws (a 503 HttpError) when it cannot be written, so a sensitive read fails closed. */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  logLine("audit", { ...entry });
}

/** Writes one audit row when it can; a failure is logged, never thrown (sign-ins, refusals, views). */
export function auditQuietly(entry: AuditEntry): void {
  void recordAudit(entry).catch(() => logLine("audit_unwritten", { action: entry.action, outcome: entry.outcome }));
}
