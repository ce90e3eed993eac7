// The people whose sessions are ended (npm run revoke -- <email>): one JSON object of email -> time (ISO),
// shared by the revoke command and the server, which re-reads it when it changes.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

export { defaultRevokedUsersFile } from "../server/process-env.mjs";

/** The file's entries as email (lower case) -> revoked-at in ms; empty when the file does not exist. */
export function readRevokedUsers(path) {
  let text;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return new Map();
    throw error;
  }
  const entries = Object.entries(JSON.parse(text)).filter(
    ([, at]) => typeof at === "string" && !Number.isNaN(Date.parse(at)),
  );
  return new Map(entries.map(([email, at]) => [email.toLowerCase(), Date.parse(at)]));
}

/** Records that every session of `email` opened before now is over; entries older than `keepMs` are dropped. */
export function revokeUser(path, email, now = Date.now(), keepMs = 31 * 24 * 3_600_000) {
  const entries = [...readRevokedUsers(path)].filter(([, at]) => now - at < keepMs);
  const next = Object.fromEntries([
    ...entries.map(([key, at]) => [key, new Date(at).toISOString()]),
    [email.toLowerCase(), new Date(now).toISOString()],
  ]);
  mkdirSync(dirname(path), { recursive: true });
  // Written aside and renamed, so a server never reads half a file.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}
