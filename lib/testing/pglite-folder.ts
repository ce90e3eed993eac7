import { cpSync } from "node:fs";
import { join } from "node:path";
import { inject } from "vitest";

declare module "vitest" {
  export interface ProvidedContext {
    /** An empty PGlite data folder made once per run (lib/store/pglite-template-setup.mjs). */
    pgliteTemplate: string;
  }
}

/** `<parent>/db`, a PGlite folder as initdb leaves it (a copy of the run's template): a test store's DATABASE_DIR. */
export function pgliteFolder(parent: string): string {
  const dir = join(parent, "db");
  cpSync(inject("pgliteTemplate"), dir, { recursive: true });
  return dir;
}
