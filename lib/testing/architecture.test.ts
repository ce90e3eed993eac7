import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

// ARCHITECTURE.md's code map stays true: every folder it names exists, and every folder of lib/ is named.
const map = readFileSync("ARCHITECTURE.md", "utf8");
const named = [...map.matchAll(/`((?:lib|app|components|scripts|e2e)(?:\/[\w.()[\]-]+)*\/?)`/g)].map(
  (match) => match[1]!,
);

describe("ARCHITECTURE.md", () => {
  it("names only folders and files that exist", () => {
    const missing = named.filter((path) => !existsSync(path.replace(/\/$/, "")));
    expect(missing).toEqual([]);
  });

  it("names every folder of lib/", () => {
    const folders = readdirSync("lib").filter((name) => statSync(`lib/${name}`).isDirectory());
    expect(folders.filter((folder) => !map.includes(`lib/${folder}`))).toEqual([]);
  });

  it("leaves no source file loose at the root of lib/", () => {
    expect(readdirSync("lib").filter((name) => /\.(ts|tsx|mjs)$/.test(name))).toEqual([]);
  });
});
