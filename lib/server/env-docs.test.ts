import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envVariableNames, readEnv } from "./env";
import { envDocs, type EnvVariable } from "./env-docs";
import { envDefault, envExample, envTable, withEnvTable } from "./env-docs-render";

const stale = (path: string) => `${path} is out of date: run npm run env-docs and commit the result`;

describe("the configuration reference", () => {
  it("describes every variable of the schema, and only those", () => {
    expect(Object.keys(envDocs).sort()).toEqual([...envVariableNames].sort());
  });

  it("gives each variable the default the server applies when nothing is set", () => {
    const defaults: Record<string, unknown> = readEnv({});
    for (const name of envVariableNames) {
      const fallback = defaults[name];
      expect(envDefault(name as EnvVariable), name).toBe(fallback === undefined ? undefined : String(fallback));
    }
  });

  it("is the table committed in docs/configuration.md", () => {
    const doc = readFileSync("docs/configuration.md", "utf8");
    expect(withEnvTable(doc), stale("docs/configuration.md")).toBe(doc);
  });

  it("is the committed .env.example, which sets every variable once", () => {
    const example = readFileSync(".env.example", "utf8");
    expect(example, stale(".env.example")).toBe(envExample());
    const assignments = example.split("\n").filter((line) => /^[A-Z_]+=/.test(line));
    expect(assignments.map((line) => line.slice(0, line.indexOf("="))).sort()).toEqual([...envVariableNames].sort());
  });

  it("gives every row of the table three cells", () => {
    const rows = envTable()
      .split("\n")
      .filter((line) => line.startsWith("| `"));
    expect(rows).toHaveLength(envVariableNames.length);
    for (const row of rows) expect(row.split(/(?<!\\)\|/), row).toHaveLength(5);
  });
});
