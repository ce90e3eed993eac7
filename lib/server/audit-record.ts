import "server-only";
import { ServiceUnavailable } from "../http/errors";
import { logLine } from "./log";
import { appendAuditEvent } from "../store/server";
import type { AuditAction, AuditEntry } from "./audit-types";

// The one writer of the audit trail: a row in the store (lib/store/server/audit.ts), chained to the one before.

const notDone: Partial<Record<AuditAction, string>> = {
  reveal: "nothing was revealed",
  sensitive_export: "the file was not sent",
  forget: "the forget, which is done, is not recorded",
  revoke: "the revocation, which stands, is not recorded",
};

/** Writes one audit row; throws (a 503 HttpError) when it cannot be written, so a sensitive read fails closed. */
export async function recordAudit(entry: AuditEntry): Promise<void> {
  try {
    await appendAuditEvent(entry);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(/^History unavailable: /, "");
    logLine("audit_unwritten", { action: entry.action, outcome: entry.outcome, reason: reason.slice(0, 300) });
    throw new ServiceUnavailable(
      `The audit trail cannot record this now, so ${notDone[entry.action] ?? "it was not done"} (${reason}). Try again in a moment.`,
      5,
    );
  }
}

/** Writes one audit row when it can; a failure is logged (by recordAudit), never thrown (sign-ins, refusals, views). */
export function auditQuietly(entry: AuditEntry): void {
  void recordAudit(entry).catch(() => undefined);
}
