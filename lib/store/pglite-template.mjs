// A PGlite folder as initdb leaves it, made once and copied: a new folder's initdb takes 6.4 s of one core here,
// a copy of the 39 MB folder a fraction of a second. The tests' stores and e2e servers start from such a copy.
// The command scripts/seed-store-folder.mjs fills one folder from it.
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";

/** Makes the template folder unless it is there; made beside it and renamed, so no reader sees half of one. */
export async function ensurePgliteTemplate(template) {
  if (existsSync(template)) return template;
  mkdirSync(dirname(template), { recursive: true });
  const making = mkdtempSync(`${template}-making-`);
  const db = await PGlite.create(join(making, "db"));
  await db.close();
  try {
    renameSync(join(making, "db"), template);
  } catch (error) {
    // Another process made it first: theirs serves as well.
    if (!existsSync(template)) throw error;
  }
  rmSync(making, { recursive: true, force: true });
  return template;
}

/** Fills `folder` with a copy of the template when it does not exist yet (a folder in use is never touched). */
export async function seedPgliteFolder(folder, template) {
  if (existsSync(folder)) return folder;
  cpSync(await ensurePgliteTemplate(template), folder, { recursive: true });
  return folder;
}
