import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { inject } from "vitest";
import { missingPostgresMessage } from "../../scripts/postgres-server.mjs";

/** The unit run's PostgreSQL (lib/testing/postgres-global-setup.ts); a test that needs it fails, naming the package. */
export function testPostgresUrl(): string {
  const url = inject("postgresUrl");
  if (!url) throw new Error(missingPostgresMessage);
  return url;
}

/** A new, empty database of the test's own in the unit run's PostgreSQL: its URL. */
export async function testDatabase(): Promise<string> {
  const server = testPostgresUrl();
  const name = `test_${randomBytes(6).toString("hex")}`;
  const client = new Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}
