import "server-only";
import { userInfo } from "node:os";
import { requestFacts } from "../http/request-facts";
import type { AuditAction, AuditEntry, AuditOutcome, SignInMethod } from "./audit-types";

// Audit rows as the callers make them: who (a signed-in person with their request, or the operator at a command)
// and what (an action, its outcome, the fund as the policy saw it).

/** Who a row is about: the actor, how they signed in, and the request it came with. */
export type AuditWho = Pick<AuditEntry, "actor" | "method" | "requestId" | "clientAddress">;

/** A signed-in person (or the server's own principal), with the request's id and client address when there is one. */
export function personOf(user: { email: string; method: SignInMethod }, request: Request | Headers | null): AuditWho {
  const facts = request ? requestFacts(request) : { requestId: null, clientAddress: null };
  return { actor: user.email, method: user.method, ...facts };
}

/** The operator running a command on the host (`npm run forget`, `npm run revoke`): cli:<os user>. */
export function operatorOf(): AuditWho {
  const name = process.env.SUDO_USER || userInfo().username;
  return { actor: `cli:${name}`, method: "cli", requestId: null, clientAddress: null };
}

export interface AuditWhat {
  action: AuditAction;
  outcome: AuditOutcome;
  /** The fund as the policy saw it: its source and organization decide which admins see the row. */
  fund?: { source: string; organization: string | null } | null;
  fundId?: string | null;
  investorId?: string | null;
  detail?: string | null;
}

export function auditEntry(who: AuditWho, what: AuditWhat): AuditEntry {
  return {
    ...who,
    action: what.action,
    outcome: what.outcome,
    source: what.fund?.source ?? null,
    organization: what.fund?.organization ?? null,
    fundId: what.fundId ?? null,
    investorId: what.investorId ?? null,
    detail: what.detail ?? null,
  };
}
