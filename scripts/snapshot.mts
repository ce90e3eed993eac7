// `npm run snapshot`: reads every fund now and keeps each read in the store; exits 1 naming the funds it could not
// read (2 when the store itself is unavailable). The server takes one daily at SNAPSHOT_AT by itself.
import { openStoreOrExit } from "./store-command.mts";

const { connectUpstream } = await import("../lib/data/upstream.ts");
const { keptWritesSettled } = await import("../lib/fund-reads/server/kept.ts");
const { takeSnapshot } = await import("../lib/fund-reads/server/snapshot.ts");
// Its reads make alerts' events like the server's (the server delivers them).
(await import("../lib/alerts/server/worker.ts")).registerAlerts();

const store = await openStoreOrExit();
await connectUpstream();
const started = Date.now();
const result = await takeSnapshot();
await keptWritesSettled();
await store.close();
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (result.listFailure) {
  console.error(`The list of funds could not be read: ${result.listFailure}`);
  process.exit(1);
}
const read = result.funds - result.failedCount;
console.log(`Snapshot kept in ${store.location}: ${read} of ${result.funds} funds read in ${seconds} s.`);
if (result.failedCount > 0) {
  console.error(`${result.failedCount} could not be read:`);
  for (const fund of result.failedFunds) console.error(`- ${fund.name} (${fund.id}): ${fund.message}`);
  process.exit(1);
}
process.exit(0);
