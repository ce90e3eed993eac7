import type { TestProject } from "vitest/node";
import { postgresBin, startPostgres } from "../../scripts/postgres-server.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** A real PostgreSQL for the store's tests; "" when it is not installed. */
    postgresUrl: string;
  }
}

// One throwaway cluster for the whole unit run (each test makes its own database in it), removed at the end.
export default async function setup(project: TestProject) {
  if (!postgresBin()) {
    project.provide("postgresUrl", "");
    return;
  }
  const postgres = await startPostgres();
  project.provide("postgresUrl", postgres.url);
  return () => postgres.stop();
}
