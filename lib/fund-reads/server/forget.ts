import "server-only";
import { can } from "../../access/policy";
import { auditEntry, type AuditWho, operatorOf, personOf } from "../../server/audit-entries";
import type { Principal } from "../../data/principal";
import { auditQuietly, recordAudit } from "../../server/audit-record";
import { statusOf } from "../../http/error-response";
import { BadRequest, Forbidden } from "../../http/errors";
import { type Forgotten, forgetPeople, taxKeysOfEmail } from "../../store/server";
import { organizationScope } from "../../data/organization";
import { scopeFunds } from "../../store/server";
import { countOf } from "../../values/count";
import { normalizedEmail } from "./match-key";

/**
 * Deletes every kept position of the investors matched to `email`: those with that email, and those sharing a keyed
 * tax hash with them (the directory's own matching), and every note about those positions. Writes one audit row: who
 * ran it and how many rows; never the person's email, which would keep in the trail what was just forgotten.
 */
export async function forgetPerson(
  email: string,
  who: AuditWho = operatorOf(),
  fundKeys: readonly string[] | null = null,
): Promise<Forgotten> {
  const normal = normalizedEmail(email);
  if (normal === null) throw new BadRequest("Give the person's email address.");
  let rows: Forgotten;
  let taxKeys: string[] = [];
  try {
    taxKeys = await taxKeysOfEmail(normal, fundKeys);
    rows = await forgetPeople({ email: normal, taxKeys, fundKeys });
  } catch (error) {
    auditQuietly(auditEntry(who, { action: "forget", outcome: "failed", detail: `HTTP ${statusOf(error) ?? 500}` }));
    throw error;
  }
  const matched = countOf(taxKeys.length, "tax key");
  const within = fundKeys === null ? "" : ` in ${countOf(fundKeys.length, "fund")} in scope`;
  const detail =
    `removed ${countOf(rows.positions, "kept position")} and ${countOf(rows.notes, "note")}${within} ` +
    `(matched by email and ${matched})`;
  await recordAudit(auditEntry(who, { action: "forget", outcome: "done", detail }));
  return rows;
}

/**
 * An admin forgets a person from the dashboard (the `/access` page): everywhere when their scope is everything, else
 * in the kept reads of the funds in their scope. Decided by the policy; refused and done alike are audit rows.
 */
export async function forgetForAdmin(admin: Principal, email: string, request: Request): Promise<Forgotten> {
  const who = personOf(admin, request);
  if (!can(admin, "person.forget", null)) {
    auditQuietly(auditEntry(who, { action: "forget", outcome: "refused", detail: `refused to role ${admin.role}` }));
    throw new Forbidden("Only an administrator may forget a person.");
  }
  const fundKeys = admin.scope.all
    ? null
    : (await scopeFunds(await organizationScope(admin))).map((fund) => fund.fundKey);
  return forgetPerson(email, who, fundKeys);
}
