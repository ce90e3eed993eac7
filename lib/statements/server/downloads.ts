import "server-only";
import { exportHooks } from "../../csv/server/export-response";
import type { FundAccess } from "../../data/fund-access";
import type { Principal } from "../../data/principal";
import { auditEntry, personOf } from "../../server/audit-entries";
import { auditQuietly, recordAudit } from "../../server/audit-record";
import { logLine } from "../../server/log";
import type { Period } from "../periods";

// Every statement download is a row of the audit trail (who, the fund, the investor or the batch, the period, the
// format), written before its first byte (a row that cannot be written refuses the download, 503), and counts
// against the person's export limits.

export type StatementFormat = "pdf" | "csv" | "xlsx" | "zip";

export interface StatementDownload {
  /** The download ended: done (with how many statements), cancelled (the client went away) or failed. */
  end(outcome: "done" | "cancelled" | "failed", statements: number): void;
}

/** Admits a statement download (the export limits) and records it in the audit trail before the first byte. */
export async function startStatementDownload(
  request: Request,
  user: Principal,
  access: FundAccess,
  ask: { investorId: string | null; period: Period; format: StatementFormat },
): Promise<StatementDownload> {
  const what = `${ask.investorId ? "statement" : "batch"}.${ask.format} ${ask.period.key}`;
  const hooks = await exportHooks(request, false, what, access.ref, user);
  const who = personOf(user, request);
  const row = { action: "statement", fund: access.resource, fundId: access.ref, investorId: ask.investorId } as const;
  try {
    await recordAudit(auditEntry(who, { ...row, outcome: "allowed", detail: what }));
  } catch (error) {
    hooks.onError(error, 0);
    throw error;
  }
  logLine("statement_download", { user: user.email, fundId: access.ref, investorId: ask.investorId, what });
  let ended = false;
  return {
    end(outcome, statements) {
      if (ended) return;
      ended = true;
      if (outcome === "done") hooks.onDone(statements);
      else if (outcome === "cancelled") hooks.onCancel(statements);
      else hooks.onError(null, statements);
      // A single statement's one row says it all; a batch says how it ended.
      if (ask.investorId === null || outcome !== "done")
        auditQuietly(auditEntry(who, { ...row, outcome, detail: `${what}: ${statements} statements` }));
    },
  };
}
