import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// Counts take their noun from countOf/pluralOf (lib/values/count.ts), never from a hand-made `n === 1 ? "x" : "xs"`.
const handMade = /[!=]== 1\s*\?\s*"([^"]*)"\s*:\s*"([^"]*)"/g;

/** Whether two words are a noun and its plural, either way round ("fund", "funds"; "entry", "entries"). */
function plural(one: string, other: string): boolean {
  const [a, b] = one.length <= other.length ? [one, other] : [other, one];
  return b === `${a}s` || b === `${a}es` || (a.endsWith("y") && b === `${a.slice(0, -1)}ies`);
}

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
      .flatMap((file) =>
        [...readFileSync(file, "utf8").matchAll(handMade)]
          .filter(([, one, other]) => plural(one!, other!))
          .map(([match]) => `${file}: ${match}`),
      );
    expect(found).toEqual([]);
  });
});
