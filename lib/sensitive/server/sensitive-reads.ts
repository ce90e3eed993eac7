import "server-only";
import type { FundResource } from "../../access/types";
import { auditEntry, type AuditWho, personOf } from "../../server/audit-entries";
import { auditQuietly, recordAudit } from "../../server/audit-record";
import { sharedLimiter } from "../../auth/shared-limiter";
import { sameOrigin } from "../../auth/same-origin";
import type { Principal } from "../../data/principal";
import type { SecretField } from "../../customer-api/mask";
import { getFundSecret } from "../../data/funds";
import { getInvestorSecret } from "../../data/investors";
import { statusOf } from "../../http/error-response";
import { BadRequest, Forbidden, TooManyRequests } from "../../http/errors";
import { parseAsOneOf } from "../../table/parsers";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import { auditRefusal, decideSensitive, type SensitiveAsk } from "./sensitive-audit";
import { countOf } from "../../values/count";

/** The query of the reveal routes: which one field to reveal. */
export const revealParsers = { field: parseAsOneOf(["tax_id", "account_number"] as const) };

// A person clicking Reveal needs a few a minute; an export with full values is rarer. Both stop a script walking every record.
const limits = () =>
  processWide("sensitive-limits", () => ({
    reveal: sharedLimiter("reveal", { limit: 30, windowMs: 60_000 }),
    export: sharedLimiter("sensitive-export", { limit: 10, windowMs: 10 * 60_000 }),
  }));

/** The field a reveal asked for; asking for none is a 400. */
export function secretField(query: { field: SecretField | null }): SecretField {
  if (!query.field) throw new BadRequest("Say which value to reveal: ?field=tax_id or ?field=account_number.");
  return query.field;
}

/** Only from the dashboard's own pages, so a link or form on another site cannot make a signed-in browser fetch one. */
function sameOriginOnly(request: Request): void {
  if (!sameOrigin(request)) throw new Forbidden("Sensitive values are served only to this dashboard's own pages.");
}

/** The per-person limit of reveals, or of exports with full values. */
async function withinLimit(user: Principal, kind: "reveal" | "export"): Promise<void> {
  const decision = await limits()[kind].take(user.email);
  if (!decision.allowed) {
    const what = kind === "reveal" ? "reveals in a minute" : "exports with sensitive fields in 10 minutes";
    throw new TooManyRequests(`Too many ${what}. Wait a moment.`, decision.retryAfterSeconds);
  }
}

/**
 * The admission of a sensitive read, each refusal a row: same-origin first (no upstream read for another site's
 * request, so its row names the fund asked for without its organization), then the policy on the fund, then the
 * limit. The fund as the policy saw it.
 */
async function admitAudited(
  request: Request,
  user: Principal,
  kind: "reveal" | "export",
  who: AuditWho,
  ask: SensitiveAsk,
): Promise<FundResource | null> {
  const action = kind === "reveal" ? "reveal" : "sensitive_export";
  try {
    sameOriginOnly(request);
  } catch (error) {
    auditRefusal(who, ask, action, null, "asked for by another site");
    throw error;
  }
  const fund = await decideSensitive(user, kind === "reveal" ? "secret.reveal" : "export.sensitive", who, ask);
  try {
    await withinLimit(user, kind);
  } catch (error) {
    auditRefusal(who, ask, action, fund, "over the limit");
    throw error;
  }
  return fund;
}

/**
 * One full value of one record: decided and limited, then recorded in the audit trail before it is read (who,
 * which record and field; never the value). A row that cannot be written refuses the reveal (503).
 */
async function reveal(
  request: Request,
  user: Principal,
  ask: { fundId: string; investorId: string | null; field: SecretField },
  read: () => Promise<string | null>,
) {
  const { fundId, investorId, field } = ask;
  const who = personOf(user, request);
  const fund = await admitAudited(request, user, "reveal", who, { fundId, investorId, detail: field });
  const row = { action: "reveal", fund, fundId, investorId, detail: field } as const;
  await recordAudit(auditEntry(who, { ...row, outcome: "allowed" }));
  logLine("audit_reveal", { user: user.email, fundId, investorId, field });
  try {
    return { field, value: await read() };
  } catch (error) {
    const status = statusOf(error);
    auditQuietly(auditEntry(who, { ...row, outcome: "failed", detail: `${field}: HTTP ${status ?? 500}` }));
    throw error;
  }
}

export function revealFundSecret(request: Request, fundId: string, field: SecretField, user: Principal) {
  return reveal(request, user, { fundId, investorId: null, field }, () => getFundSecret(user, fundId, field));
}

export function revealInvestorSecret(
  request: Request,
  fundId: string,
  investorId: string,
  field: SecretField,
  user: Principal,
) {
  return reveal(request, user, { fundId, investorId, field }, () => getInvestorSecret(user, fundId, investorId, field));
}

export interface ExportAudit {
  onDone: (rows: number) => void;
  onCancel: (rows: number) => void;
  onError: (error: unknown, rows: number) => void;
}

/** An export with full values, admitted: `start` records it (throws 503 when it cannot), then one of the ends. */
export interface SensitiveExportAudit extends ExportAudit {
  start: () => Promise<void>;
}

/**
 * Admits an export with full values (same-origin, the policy on the fund or on every fund in scope, the limit) and
 * audits it: a row as it starts, before the first byte, and one when it ends, is cancelled or fails (rows so far).
 */
export async function auditSensitiveExport(
  request: Request,
  user: Principal,
  file: string,
  fundId: string | null,
): Promise<SensitiveExportAudit> {
  const who = personOf(user, request);
  const fund = await admitAudited(request, user, "export", who, { fundId, detail: file });
  const row = { action: "sensitive_export", fund, fundId } as const;
  const base = { user: user.email, file, fundId };
  const end = (outcome: "done" | "cancelled" | "failed") => (rows: number) => {
    logLine("audit_sensitive_export", { ...base, phase: outcome, rows });
    auditQuietly(auditEntry(who, { ...row, outcome, detail: `${file}: ${countOf(rows, "row")}` }));
  };
  return {
    start: async () => {
      await recordAudit(auditEntry(who, { ...row, outcome: "allowed", detail: file }));
      logLine("audit_sensitive_export", { ...base, phase: "start" });
    },
    onDone: end("done"),
    onCancel: end("cancelled"),
    onError: (_error, rows) => end("failed")(rows),
  };
}
