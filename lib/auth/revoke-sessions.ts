import "server-only";
import { z } from "zod";
import type { AuditOutcome } from "../audit/types";
import { revokePerson } from "./revocation";
import type { Principal } from "../data/principal";
import { BadRequest, Forbidden, ServiceUnavailable } from "../http/errors";
import { can } from "../access/policy";
import { auditAccess } from "../access/server/audit-row";

const bodySchema = z.strictObject({ email: z.string().trim().min(3).max(320) });

function auditRevoke(admin: Principal, outcome: AuditOutcome, detail: string, clientAddress: string): void {
  auditAccess({ actor: admin.email, method: admin.method, action: "revoke", outcome, clientAddress, detail });
}

/**
 * An admin ends every session of one person, as `npm run revoke` does; written to the audit trail whatever the
 * outcome. 503 when this host's instances refuse them but Redis could not tell the others (try again).
 */
export async function revokeSessions(
  admin: Principal,
  body: unknown,
  clientAddress: string,
): Promise<{ email: string }> {
  const parsed = bodySchema.safeParse(body);
  if (!parsed.success) throw new BadRequest("Give the email of the person whose sessions to end.");
  const email = parsed.data.email.toLowerCase();
  if (!can(admin, "session.revoke", null)) {
    auditRevoke(admin, "refused", `sessions of ${email}: not an admin`, clientAddress);
    throw new Forbidden("Only an administrator may end other people's sessions.");
  }
  const shared = await revokePerson(email);
  auditRevoke(admin, shared ? "done" : "failed", `every session of ${email}`, clientAddress);
  if (!shared)
    throw new ServiceUnavailable(
      "Sessions on this host are ended, but the shared store could not be reached to tell the others. Try again.",
      5,
    );
  return { email };
}
