// vitest's global setup: one PGlite template folder per run, which tests copy (lib/testing/pglite-folder.ts) rather
// than run initdb for each of about 30 stores.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensurePgliteTemplate } from "./pglite-template.mjs";

export default async function setup(project) {
  const parent = mkdtempSync(join(tmpdir(), "fe-pglite-template-"));
  project.provide("pgliteTemplate", await ensurePgliteTemplate(join(parent, "db")));
  return () => rmSync(parent, { recursive: true, force: true });
}
