// `npm run forget -- <email>`: deletes every kept position of the investors matched to that email (and to their
// keyed tax hash) from every read, and the notes about them, prints how many of each, and writes an audit row
// (cli:<os user>, the counts; never the email). The next read brings the positions back if the platform still lists them.
import { openStoreOrExit } from "./store-command.mts";

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error("Usage: npm run forget -- <email>");
  process.exit(2);
}
const { forgetPerson } = await import("../lib/fund-reads/server/forget.ts");

const store = await openStoreOrExit();
const removed = await forgetPerson(email).catch(async (error: Error) => {
  await store.close();
  console.error(error.message);
  process.exit(1);
});
await store.close();
const { countOf } = await import("../lib/values/count.ts");
console.log(
  `Removed ${countOf(removed.positions, "kept position")} and ${countOf(removed.notes, "note")} from ${store.location}.`,
);
process.exit(0);
