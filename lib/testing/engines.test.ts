import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// The Node versions the project says it runs on are ones every dependency says it supports: no EBADENGINE on install.
const project = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };
const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }>;
};

// Another platform's optional binary (win32's, arm's) is never installed here nor checked by npm on this machine.
const forThisPlatform = (entry: { os?: string[]; cpu?: string[] }) =>
  (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

describe("engines", () => {
  it("names Node 20 and Node 24 LTS", () => {
    expect(semver.satisfies("20.20.2", project.engines.node)).toBe(true);
    expect(semver.satisfies("24.21.0", project.engines.node)).toBe(true);
  });

  it("is within every locked dependency's own engines", () => {
    const narrower = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !range || !semver.validRange(range) || !forThisPlatform(entry)) return [];
      return semver.subset(project.engines.node, range) ? [] : [`${path}@${entry.version}: ${range}`];
    });
    expect(narrower).toEqual([]);
  });
});
