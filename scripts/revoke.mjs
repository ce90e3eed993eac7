// `npm run revoke -- <email>`: ends every session of that person at once (any sign-in method); servers on this
// host read the file on their next request. Sessions the person opens afterwards work again, if they still may
// sign in: remove a local user from DASHBOARD_USERS_FILE, or from the provider's group, to keep them out.
import nextEnv from "@next/env";
import { defaultRevokedUsersFile, revokeUser } from "../lib/auth/revoked-users-file.mjs";

nextEnv.loadEnvConfig(process.cwd());
const email = process.argv[2]?.trim();
if (!email || !/^[^\s@]+@[^\s@]+$/.test(email) || process.argv.length > 3) {
  console.error("Usage: npm run revoke -- <email>");
  process.exit(2);
}
const file = process.env.DASHBOARD_REVOKED_USERS_FILE || defaultRevokedUsersFile;
revokeUser(file, email);
console.log(`Every session of ${email} opened before ${new Date().toISOString()} is now refused (${file}).`);
