import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Every table's one search-params.ts keeps the round trip (lib/testing/view-round-trip.ts) beside it, each of its
// parser sets named there: a feature added later cannot leave its URL untested.
const features = readdirSync("lib", { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(`lib/${entry.name}/search-params.ts`))
  .map((entry) => entry.name);

describe("the search params of every table", () => {
  it("are found in the features that have them", () => {
    expect(features).toEqual(expect.arrayContaining(["funds", "investors", "directory", "outstanding", "changes"]));
  });

  it.each(features)("lib/%s/search-params.ts has a round-trip test naming each of its parser sets", (feature) => {
    const testFile = `lib/${feature}/search-params.test.ts`;
    expect(existsSync(testFile), `${testFile} is missing`).toBe(true);
    const test = readFileSync(testFile, "utf8");
    expect(test, `${testFile} never calls expectRoundTrip`).toMatch(/\bexpectRoundTrip\(/);
    const source = readFileSync(`lib/${feature}/search-params.ts`, "utf8");
    const parserSets = [...source.matchAll(/export const (\w+Parsers)\b/g)].map((match) => match[1]!);
    expect(parserSets.length).toBeGreaterThan(0);
    expect(parserSets.filter((name) => !new RegExp(`\\b${name}\\b`).test(test))).toEqual([]);
  });
});
