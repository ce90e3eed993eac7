import "server-only";
import { auditEntry, type AuditWho, operatorOf } from "../../audit/server/entries";
import { auditQuietly, recordAudit } from "../../audit/server/record";
import { statusOf } from "../../http/error-response";
import { forgetPeople, taxKeysOfEmail } from "../../store/server";
import { normalizedEmail } from "./match-key";

/**
 * Deletes every kept position of the investors matched to `email`: those with that email, and those sharing a keyed
 * tax hash with them (the directory's own matching). Writes one audit row: who ran it and how many rows; never the
 * person's email, which would keep in the trail what was just forgotten.
 */
export async function forgetPerson(email: string, who: AuditWho = operatorOf()): Promise<number> {
  const normal = normalizedEmail(email);
  if (normal === null) throw new Error("Give the person's email address.");
  let rows: number;
  let taxKeys: string[] = [];
  try {
    taxKeys = await taxKeysOfEmail(normal);
    rows = await forgetPeople({ email: normal, taxKeys });
  } catch (error) {
    auditQuietly(auditEntry(who, { action: "forget", outcome: "failed", detail: `HTTP ${statusOf(error) ?? 500}` }));
    throw error;
  }
  const matched = `${taxKeys.length} tax ${taxKeys.length === 1 ? "key" : "keys"}`;
  const detail = `removed ${rows} kept ${rows === 1 ? "position" : "positions"} (matched by email and ${matched})`;
  await recordAudit(auditEntry(who, { action: "forget", outcome: "done", detail }));
  return rows;
}
