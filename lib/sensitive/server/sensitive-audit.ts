import "server-only";
import { can } from "../../access/policy";
import type { FundResource } from "../../access/types";
import { auditEntry, type AuditWho } from "../../server/audit-entries";
import { auditQuietly } from "../../server/audit-record";
import { CustomerApiError } from "../../customer-api/errors";
import { authorizeFund } from "../../data/authorize";
import type { Principal } from "../../data/principal";
import { Forbidden } from "../../http/errors";

// The policy's decision on a sensitive read, each refusal a row of the audit trail (written quietly: the refusal
// stands whether or not the row can be kept).

type SensitiveAction = "secret.reveal" | "export.sensitive";

/** What the refused read was: the fund and investor asked for, and the field or file. */
export interface SensitiveAsk {
  fundId: string | null;
  investorId?: string | null;
  detail: string;
}

const refusedFile = "Your role does not allow files with full tax ids and account numbers.";

/** Writes the refusal of an ask as a row. */
export function auditRefusal(
  who: AuditWho,
  ask: SensitiveAsk,
  action: "policy_refusal" | "reveal" | "sensitive_export",
  fund: FundResource | null,
  reason: string,
): void {
  auditQuietly(auditEntry(who, { action, outcome: "refused", fund, ...ask, detail: `${ask.detail}: ${reason}` }));
}

/**
 * The policy's decision on a sensitive read of one fund (or, with no fund, of every fund in the person's scope): the
 * fund as the policy saw it, or the refusal thrown after its row is written. A refusal by role carries the fund's
 * source and organization (the person may browse it), so that organization's admins see it. An unknown fund, or one
 * outside the person's scope (the same 404), is a row too, for a person probing funds is what an audit is for: it
 * names only the id they sent, with no source or organization, so only admins of everything, who see every fund,
 * read it, and it hints at nothing.
 */
export async function decideSensitive(
  user: Principal,
  action: SensitiveAction,
  who: AuditWho,
  ask: SensitiveAsk,
): Promise<FundResource | null> {
  if (ask.fundId === null) {
    if (can(user, "export.sensitive", null)) return null;
    auditRefusal(who, ask, "policy_refusal", null, `${action} refused to role ${user.role}`);
    throw new Forbidden(refusedFile);
  }
  try {
    return await authorizeFund(user, action, ask.fundId);
  } catch (error) {
    if (error instanceof Forbidden) {
      const fund = await authorizeFund(user, "fund.read", ask.fundId).catch(() => null);
      auditRefusal(who, ask, "policy_refusal", fund, `${action} refused to role ${user.role}`);
    } else if (error instanceof CustomerApiError && error.kind === "fund_not_found") {
      auditRefusal(who, ask, "policy_refusal", null, `${action}: no such fund in the person's scope`);
    }
    throw error;
  }
}
