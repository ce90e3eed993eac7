// `npm run forget -- <email>`: deletes every kept position of the investors matched to that email (and to their
// keyed tax hash) from every read, prints how many rows, and writes an audit row (cli:<os user>, the count; never the
// email). The next read brings them back if the platform still lists them.
import { openStoreOrExit } from "./store-command.mts";

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error("Usage: npm run forget -- <email>");
  process.exit(2);
}
const { forgetPerson } = await import("../lib/fund-reads/server/forget.ts");

const store = await openStoreOrExit();
const rows = await forgetPerson(email).catch(async (error: Error) => {
  await store.close();
  console.error(error.message);
  process.exit(1);
});
await store.close();
console.log(`Removed ${rows} kept ${rows === 1 ? "position" : "positions"} from ${store.location}.`);
process.exit(0);
