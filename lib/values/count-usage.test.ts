import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Counts take their noun from countOf/pluralOf (lib/values/count.ts), never from a hand-made `n === 1 ? "x" : "xs"`.
const handMade = /[!=]== 1\s*\?\s*"[^"]*"\s*:\s*"[^"]*"/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "demo-api" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|suite)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("counts in words", () => {
  it("choose no plural by hand: countOf or pluralOf does", () => {
    const found = ["app", "components", "lib"]
      .flatMap(sources)
      .flatMap((file) => (readFileSync(file, "utf8").match(handMade) ?? []).map((match) => `${file}: ${match}`));
    expect(found).toEqual([]);
  });
});
