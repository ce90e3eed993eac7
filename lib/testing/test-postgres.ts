import { inject } from "vitest";
import { missingPostgresMessage } from "../../scripts/postgres-server.mjs";

/** The unit run's PostgreSQL (lib/testing/postgres-global-setup.ts); a test that needs it fails, naming the package. */
export function testPostgresUrl(): string {
  const url = inject("postgresUrl");
  if (!url) throw new Error(missingPostgresMessage);
  return url;
}
