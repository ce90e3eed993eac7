import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint rule that keeps ARCHITECTURE.md's "may import" lines true: each forbidden import is reported.
// The probes are not files on disk, which the cycle check needs; it is not what this test is about.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { "import/no-cycle": "off" } } });

async function boundaryErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import/no-restricted-paths")
    .map((message) => message.message);
}

describe("import boundaries", () => {
  it.each([
    ["components/funds/probe.tsx", 'import { listFunds } from "@/lib/data/funds";\nexport const probe = listFunds;\n'],
    [
      "components/investors/probe.tsx",
      'import { investorIndex } from "@/lib/investors/server/list-cache";\nexport const probe = investorIndex;\n',
    ],
    [
      "lib/investors/probe.ts",
      'import { heldInvestorIndex } from "./server/list-cache";\nexport const probe = heldInvestorIndex;\n',
    ],
    [
      "lib/customer-api/probe.ts",
      'import { requireUser } from "../auth/session";\nexport const probe = requireUser;\n',
    ],
    ["app/api/probe/route.ts", 'import { listFunds } from "@/lib/customer-api";\nexport const probe = listFunds;\n'],
    [
      "lib/reconciliation/server/probe.ts",
      'import { investorIndex } from "../../investors/server/list-cache";\nexport const probe = investorIndex;\n',
    ],
    [
      "lib/fund-reads/server/probe.ts",
      'import { directoryPage } from "../../directory/server/reads";\nexport const probe = directoryPage;\n',
    ],
    // Every feature folder, not only those an old list named: alerts reaching into the changes' server folder.
    [
      "lib/alerts/server/probe.ts",
      'import { fundChangesOf } from "../../changes/server/fund-changes";\nexport const probe = fundChangesOf;\n',
    ],
    // What fund-reads hands over is its own: no feature's types either.
    [
      "lib/fund-reads/server/probe.ts",
      'import type { DirectoryRow } from "../../directory/types";\nexport type P = DirectoryRow;\n',
    ],
    // Plumbing imports no feature: the start-up wiring lives in lib/boot.
    [
      "lib/server/probe.ts",
      'import { startAlerts } from "../alerts/server/worker";\nexport const probe = startAlerts;\n',
    ],
  ])(
    "refuses %s importing across a boundary",
    async (filePath, source) => {
      expect((await boundaryErrors(filePath, source)).length).toBeGreaterThan(0);
    },
    60_000,
  );

  it.each([
    ["lib/directory/server/probe.ts", 'import { Pool } from "pg";\nexport const probe = Pool;\n'],
    ["app/api/probe/route.ts", 'import { PGlite } from "@electric-sql/pglite";\nexport const probe = PGlite;\n'],
    [
      "components/funds/probe.tsx",
      'import { drizzle } from "drizzle-orm/node-postgres";\nexport const probe = drizzle;\n',
    ],
  ])(
    "refuses %s opening a database (only lib/store may)",
    async (filePath, source) => {
      const [result] = await eslint.lintText(source, { filePath });
      const refused = (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports");
      expect(refused).toHaveLength(1);
    },
    60_000,
  );

  it("lets lib/store open its database", async () => {
    const [result] = await eslint.lintText('import { Pool } from "pg";\nexport const probe = Pool;\n', {
      filePath: "lib/store/server/probe.ts",
    });
    expect((result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports")).toEqual([]);
  }, 60_000);

  it("allows the imports the code map allows", async () => {
    expect(
      await boundaryErrors(
        "app/api/probe/route.ts",
        'import { listFunds } from "@/lib/data/funds";\nexport const probe = listFunds;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "components/funds/probe.tsx",
        'import { fundName } from "@/lib/funds/columns";\nexport const probe = fundName;\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        "lib/outstanding/server/probe.ts",
        'import { organizationSnapshot } from "../../fund-reads/server/organization";\nexport const probe = organizationSnapshot;\n',
      ),
    ).toEqual([]);
  }, 60_000);
});
