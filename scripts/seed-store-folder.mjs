// `node scripts/seed-store-folder.mjs <folder> <template>`: fills a PGlite store folder that does not exist yet with a
// copy of the template (made first if missing), as the e2e servers' commands do (lib/store/pglite-template.mjs).
import { seedPgliteFolder } from "../lib/store/pglite-template.mjs";

const [folder, template] = process.argv.slice(2);
if (!folder || !template) {
  console.error("usage: node scripts/seed-store-folder.mjs <folder> <template>");
  process.exit(2);
}
await seedPgliteFolder(folder, template);
