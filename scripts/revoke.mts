// `npm run revoke -- <email>`: ends every session of that person at once (any sign-in method). It writes the
// revocations file, which servers on this host read on their next request, and with REDIS_URL also Redis, which
// every instance checks. Sessions the person opens afterwards work again, if they still may sign in: remove a
// local user from DASHBOARD_USERS_FILE, or from the provider's group, to keep them out. Each revocation is a row of
// the audit trail (cli:<os user>); when the store cannot take it (an embedded store held by a running server), the
// revocation stands and the command says so and exits 1.
import nextEnv from "@next/env";
import { Redis } from "ioredis";
import { storeUserRevocation } from "../lib/auth/revocation-store.mjs";
import { defaultRevokedUsersFile, revokeUser } from "../lib/auth/revoked-users-file.mjs";

nextEnv.loadEnvConfig(process.cwd());
const email = process.argv[2]?.trim();
if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || process.argv.length > 3) {
  console.error("Usage: npm run revoke -- <email>");
  process.exit(2);
}
const now = Date.now();
const file = process.env.DASHBOARD_REVOKED_USERS_FILE || defaultRevokedUsersFile;
revokeUser(file, email, now);
console.log(`Every session of ${email} opened before ${new Date(now).toISOString()} is now refused (${file}).`);

if (process.env.REDIS_URL) {
  const prefix = process.env.REDIS_KEY_PREFIX || "fund-explorer:";
  // One try, a few seconds: an operator is waiting for the answer.
  const client = new Redis(process.env.REDIS_URL, {
    keyPrefix: prefix,
    lazyConnect: true,
    connectTimeout: 5_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await storeUserRevocation(client, prefix, email, now);
    console.log("Every instance sharing this Redis refuses them too.");
  } catch (error) {
    console.error(
      `Redis could not be reached (${(error as Error).message}): instances on other hosts still admit them. Run this again.`,
    );
    process.exitCode = 1;
  } finally {
    client.disconnect();
  }
}

const store = await import("../lib/store/server/index.ts");
const { auditEntry, operatorOf } = await import("../lib/server/audit-entries.ts");
const { recordAudit } = await import("../lib/server/audit-record.ts");
try {
  const detail = `every session of ${email} opened before ${new Date(now).toISOString()}`;
  await recordAudit(auditEntry(operatorOf(), { action: "revoke", outcome: "done", detail }));
  console.log("Recorded in the audit trail.");
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await store.closeStore();
}
