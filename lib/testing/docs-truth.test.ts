import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The docs and the config files' comments name only what exists: a file path they give is there, and a setting
// they name is read somewhere in the code (a variable that was removed leaves the docs with it).

const docs = [
  "README.md",
  "ARCHITECTURE.md",
  ...readdirSync("docs").map((name) => join("docs", name)),
  ...readdirSync(".").filter((name) => /\.config\.(ts|mts|mjs)$/.test(name)),
];
const codeFolders = ["app", "components", "lib", "scripts", "e2e", ".ci"];
// Names the docs give as examples of the reader's own: Node's flags, a source's token variable, a receiver's secret.
const examples = new Set(["NODE_OPTIONS", "NORTHWIND_TOKEN", "FUND_EXPLORER_SECRET"]);

function codeFiles(folder: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[])
    .filter((name) => /\.(ts|tsx|mts|mjs|js|json|sh)$/.test(name) && !name.includes("node_modules"))
    .map((name) => join(folder, name));
}

const code = [...codeFolders.flatMap(codeFiles), "package.json"].map((file) => readFileSync(file, "utf8")).join("\n");

describe("the docs", () => {
  it("name only files that exist", () => {
    const missing = docs.flatMap((doc) =>
      [
        ...readFileSync(doc, "utf8").matchAll(
          /(?<![\w/.-])((?:lib|app|components|scripts|e2e|docs|public)\/[\w./[\]()-]+\.(?:tsx|ts|mts|mjs|md|json|css))(?!\w)/g,
        ),
      ]
        .map((match) => match[1]!)
        .filter((path) => !existsSync(path))
        .map((path) => `${doc}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it("name only settings the code reads", () => {
    const unknown = docs.flatMap((doc) =>
      [...new Set(readFileSync(doc, "utf8").match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [])]
        .filter((name) => !examples.has(name) && !code.includes(name))
        .map((name) => `${doc}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
