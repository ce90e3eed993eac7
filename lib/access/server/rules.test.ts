import { mkdtempSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AccessRule } from "./rules";

const env = vi.hoisted(() => ({}) as Record<string, unknown>);
vi.mock("../../server/env", async (original) => ({
  ...(await original<typeof import("../../server/env")>()),
  serverEnv: () => env,
}));
const audited = vi.hoisted(() => [] as { action: string; detail: string | null }[]);
vi.mock("../../server/audit-record", () => ({
  auditQuietly: (entry: (typeof audited)[number]) => audited.push(entry),
}));

const { accessRules, matchRules, readRulesFile } = await import("./rules");

const dir = mkdtempSync(join(tmpdir(), "fe-rules-"));
let files = 0;
function write(rules: unknown, file = join(dir, `rules-${++files}.json`)): string {
  // Written aside and renamed, as editors and config tools do, so a read never sees half a file.
  writeFileSync(`${file}.tmp`, typeof rules === "string" ? rules : JSON.stringify(rules));
  renameSync(`${file}.tmp`, file);
  return file;
}

const staff: AccessRule = { group: "staff", role: "viewer", scopes: ["*"] };
const northwindOps: AccessRule = { group: "fund-ops-northwind", role: "ops", scopes: ["Northwind Partners"] };
const acmeOps: AccessRule = { group: "fund-ops-acme", role: "ops", scopes: ["default/Acme"] };

describe("the rules file", () => {
  it("reads rules and refuses, in one line naming the file, what is not one", () => {
    expect(readRulesFile(write([staff, northwindOps]))).toEqual([staff, northwindOps]);
    const refused = (rules: unknown) => () => readRulesFile(write(rules));
    expect(refused("not json")).toThrow(/ACCESS_RULES_FILE .* could not be read as JSON/);
    expect(refused([{ ...staff, role: "owner" }])).toThrow(/rule 0.role/);
    expect(refused([{ ...staff, scopes: [] }])).toThrow(/scopes must name at least one scope/);
    // A misspelt key is an error, never a rule that grants something else.
    expect(refused([{ groups: ["staff"], role: "viewer", scopes: ["*"] }])).toThrow(/ACCESS_RULES_FILE/);
    expect(refused([staff, { ...staff, role: "admin" }])).toThrow(/group staff has two rules/);
  });
});

describe("matching a person's groups", () => {
  const rules = [staff, northwindOps, acmeOps];

  it("gives nothing to a person in no group a rule names", () => {
    expect(matchRules([], rules)).toBeNull();
    expect(matchRules(["Staff", "other"], rules)).toBeNull();
  });

  it("gives the highest role of the matching rules, over the scopes of the rules that grant it", () => {
    expect(matchRules(["staff"], rules)).toEqual({ role: "viewer", scopes: ["*"], grantedBy: "rule staff" });
    expect(matchRules(["staff", "fund-ops-northwind"], rules)).toEqual({
      role: "ops",
      scopes: ["Northwind Partners"],
      grantedBy: "rule fund-ops-northwind",
    });
    expect(matchRules(["fund-ops-acme", "staff", "fund-ops-northwind"], rules)).toEqual({
      role: "ops",
      scopes: ["Northwind Partners", "default/Acme"],
      grantedBy: "rules fund-ops-northwind, fund-ops-acme",
    });
  });
});

describe("accessRules", () => {
  beforeEach(() => {
    for (const key of Object.keys(env)) delete env[key];
    audited.length = 0;
  });

  it("is null without ACCESS_RULES_FILE", () => {
    expect(accessRules()).toBeNull();
  });

  it("reads the file again when it changes, grants nothing while an edit does not read, and audits each change", () => {
    const file = write([staff]);
    env.ACCESS_RULES_FILE = file;
    expect(accessRules()).toEqual([staff]);
    expect(audited).toEqual([]);

    write([staff, northwindOps], file);
    expect(accessRules()).toEqual([staff, northwindOps]);
    write("[{", file);
    expect(accessRules()).toEqual([]);
    write([staff], file);
    expect(accessRules()).toEqual([staff]);
    // The same content written again is no change.
    write([staff], file);
    expect(accessRules()).toEqual([staff]);

    expect(audited.map(({ action, detail }) => [action, detail])).toEqual([
      ["rules_change", "ACCESS_RULES_FILE re-read: 2 entries"],
      ["rules_change", "ACCESS_RULES_FILE re-read: unreadable: grants nothing until fixed"],
      ["rules_change", "ACCESS_RULES_FILE re-read: 1 entry"],
    ]);
  });
});
