// `npm run audit -- verify`: walks the audit trail's hash chain in id order and prints OK with the count and the
// newest hash (note it somewhere else: a later run must reach it), or names the first row whose hash or link does
// not hold and exits 1 (2 when the store itself is unavailable).
import { openStoreOrExit } from "./store-command.mts";

if (process.argv[2] !== "verify" || process.argv.length > 3) {
  console.error("Usage: npm run audit -- verify");
  process.exit(2);
}
const { verifyAuditChain } = await import("../lib/store/server/index.ts");

const store = await openStoreOrExit();
const check = await verifyAuditChain().catch(async (error: Error) => {
  await store.close();
  console.error(error.message);
  process.exit(2);
});
await store.close();
if (check.ok) {
  const rows = `${check.count} ${check.count === 1 ? "row" : "rows"}`;
  console.log(`OK: the audit trail's ${rows} hold together (${store.location}). Newest hash: ${check.head}`);
  process.exit(0);
}
const { id, at, action, problem } = check.broken;
console.error(`The audit trail breaks at row ${id} (${at.toISOString()}, ${action}): ${problem}.`);
console.error(`The ${check.count} rows before it hold together.`);
process.exit(1);
