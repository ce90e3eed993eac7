import "server-only";
import { userInfo } from "node:os";
import { logLine } from "../../server/log";
import { forgetPeople, taxKeysOfEmail } from "../../store/server";
import { normalizedEmail } from "./match-key";

/**
 * Deletes every kept position of the investors matched to `email`: those with that email, and those sharing a keyed
 * tax hash with them (the directory's own matching). Writes one audit line: who ran it and how many rows, never values.
 */
export async function forgetPerson(email: string): Promise<number> {
  const normal = normalizedEmail(email);
  if (normal === null) throw new Error("Give the person's email address.");
  const taxKeys = await taxKeysOfEmail(normal);
  const rows = await forgetPeople({ email: normal, taxKeys });
  const by = process.env.SUDO_USER || userInfo().username;
  logLine("audit_forget", { by, rows, taxKeys: taxKeys.length });
  return rows;
}
