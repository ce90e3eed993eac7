import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { testDatabase } from "../lib/store/server/test-stores";

// The commands an operator runs, on a PostgreSQL database of the test's own: each revocation and forget is a row of
// the audit trail, and `npm run audit -- verify` holds the chain or names the row edited behind its back.
describe("npm run revoke, forget and audit -- verify", () => {
  it("record their rows, and verify names the row edited behind its back", async () => {
    const folder = mkdtempSync(join(tmpdir(), "fe-audit-cli-"));
    const url = await testDatabase();
    const env = {
      ...process.env,
      DATABASE_URL: url,
      DIRECTORY_MATCH_SECRET: "m".repeat(40),
      DASHBOARD_REVOKED_USERS_FILE: join(folder, "revoked.json"),
      REDIS_URL: "",
    };
    const run = (script: string, ...args: string[]) =>
      spawnSync("npx", ["tsx", "--conditions=react-server", `scripts/${script}.mts`, ...args], {
        encoding: "utf8",
        env,
        timeout: 60_000,
      });
    const sql = async (statement: string) => {
      const client = new Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(statement)).rows;
      } finally {
        await client.end();
      }
    };
    try {
      const revoked = run("revoke", "leaver@example.com");
      expect(revoked.stdout).toMatch(/Every session of leaver@example.com opened before .* is now refused/);
      expect(revoked.stdout).toMatch(/Recorded in the audit trail\./);
      expect(revoked.status).toBe(0);
      expect(Object.keys(JSON.parse(readFileSync(env.DASHBOARD_REVOKED_USERS_FILE, "utf8")))).toEqual([
        "leaver@example.com",
      ]);
      expect(run("forget", "nobody@example.com").stdout).toMatch(/Removed 0 kept positions/);
      const rows = await sql("select id, action, actor, method, detail from audit_events order by id");
      expect(rows).toEqual([
        expect.objectContaining({ action: "revoke", method: "cli", actor: expect.stringMatching(/^cli:./) }),
        expect.objectContaining({ action: "forget", method: "cli", detail: expect.stringMatching(/^removed 0/) }),
      ]);
      expect(rows[0].detail).toMatch(/^every session of leaver@example.com opened before /);

      const ok = run("audit", "verify");
      expect(ok.stdout).toMatch(/^OK: the audit trail's 2 rows hold together .* Newest hash: [0-9a-f]{64}$/m);
      expect(ok.status).toBe(0);

      await sql("alter table audit_events disable trigger audit_events_append_only");
      await sql(
        `update audit_events set detail = 'every session of someone-else@example.com' where id = ${rows[0].id}`,
      );
      const broken = run("audit", "verify");
      expect(broken.status).toBe(1);
      expect(broken.stderr).toMatch(
        new RegExp(`The audit trail breaks at row ${rows[0].id} \\(\\d{4}-.*Z, revoke\\): its hash does not match`),
      );
      expect(run("audit", "check").status).toBe(2);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 180_000);
});
