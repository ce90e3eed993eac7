import "server-only";
import { sharedLimiter } from "../../auth/shared-limiter";
import { sameOrigin } from "../../auth/same-origin";
import type { Principal } from "../../data/principal";
import type { SecretField } from "../../customer-api/mask";
import { getFundSecret } from "../../data/funds";
import { getInvestorSecret } from "../../data/investors";
import { BadRequest, Forbidden, TooManyRequests } from "../../http/errors";
import { parseAsOneOf } from "../../table/parsers";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";

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

/**
 * Every sensitive read (a reveal, an export with full values): only from the dashboard's own pages, so a link or
 * form on another site cannot make a signed-in browser fetch one; then the per-person limit.
 */
export async function admitSensitiveRead(request: Request, user: Principal, kind: "reveal" | "export"): Promise<void> {
  if (!sameOrigin(request)) throw new Forbidden("Sensitive values are served only to this dashboard's own pages.");
  const decision = await limits()[kind].take(user.email);
  if (!decision.allowed) {
    const what = kind === "reveal" ? "reveals in a minute" : "exports with sensitive fields in 10 minutes";
    throw new TooManyRequests(`Too many ${what}. Wait a moment.`, decision.retryAfterSeconds);
  }
}

/** One full value of one record, audited as it starts (who, which record and field; never the value). */
export async function revealFundSecret(request: Request, fundId: string, field: SecretField, user: Principal) {
  await admitSensitiveRead(request, user, "reveal");
  logLine("audit_reveal", { user: user.email, fundId, investorId: null, field });
  return { field, value: await getFundSecret(user, fundId, field) };
}

export async function revealInvestorSecret(
  request: Request,
  fundId: string,
  investorId: string,
  field: SecretField,
  user: Principal,
) {
  await admitSensitiveRead(request, user, "reveal");
  logLine("audit_reveal", { user: user.email, fundId, investorId, field });
  return { field, value: await getInvestorSecret(user, fundId, investorId, field) };
}

export interface ExportAudit {
  onDone: (rows: number) => void;
  onCancel: (rows: number) => void;
  onError: (error: unknown, rows: number) => void;
}

/** Audits an export with full values: a line as it starts, and one when it ends, is cancelled or fails (rows so far). */
export function auditSensitiveExport(user: Principal, file: string, fundId: string | null): ExportAudit {
  const base = { user: user.email, file, fundId };
  logLine("audit_sensitive_export", { ...base, phase: "start" });
  const end = (phase: string) => (rows: number) => logLine("audit_sensitive_export", { ...base, phase, rows });
  return { onDone: end("done"), onCancel: end("cancelled"), onError: (_error, rows) => end("failed")(rows) };
}
