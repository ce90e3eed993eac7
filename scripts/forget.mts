// `npm run forget -- <email>`: deletes every kept position of the investors matched to that email (and to their
// keyed tax hash) from every read, prints how many rows, and writes an audit line. The next read brings them back
// if the platform still lists them.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());
const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error("Usage: npm run forget -- <email>");
  process.exit(2);
}
const { forgetPerson } = await import("../lib/fund-reads/server/forget.ts");
const { closeStore, openStore, storeStatus } = await import("../lib/store/server/index.ts");

await openStore();
const status = storeStatus();
if (status.state !== "ready") {
  console.error(`History unavailable: ${status.reason ?? status.state}`);
  process.exit(2);
}
const rows = await forgetPerson(email);
await closeStore();
console.log(`Removed ${rows} kept ${rows === 1 ? "position" : "positions"} from ${status.location}.`);
process.exit(0);
