import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JsonArraySplitter, NotJsonArray } from "./json-array";

/** The text cut at the given points, as chunks arrive from a socket. */
function chunked(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let last = 0;
  for (const point of points) {
    out.push(text.slice(last, point));
    last = point;
  }
  out.push(text.slice(last));
  return out;
}

function split(chunks: string[]): unknown[] {
  const splitter = new JsonArraySplitter();
  const elements = chunks.flatMap((chunk) => splitter.push(chunk));
  splitter.end();
  return elements.map((element) => JSON.parse(element) as unknown);
}

describe("JsonArraySplitter", () => {
  it("gives back every element of any array, however the text is cut and spaced", () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue()),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.boolean(),
        (array, cuts, pretty) => {
          const text = pretty ? JSON.stringify(array, null, 2) : JSON.stringify(array);
          expect(split(chunked(text, cuts))).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keeps escaped quotes and backslashes inside strings, even cut right after the backslash", () => {
    const text = '[{"a":"x\\"}],\\\\"},"b\\\\",{"c":"\\u005b"}]';
    for (let cut = 0; cut <= text.length; cut++) {
      expect(split([text.slice(0, cut), text.slice(cut)])).toEqual(JSON.parse(text));
    }
  });

  it.each([
    ["an object, not an array", '{"data":[]}'],
    ["an empty body", ""],
    ["a trailing comma", "[1,]"],
    ["a leading comma", "[,1]"],
    ["two commas", "[1,,2]"],
    ["an unclosed array", '[{"a":1}'],
    ["text after the array", "[1] x"],
    ["a stray closing brace", "[1}"],
  ])("refuses %s", (_label, text) => {
    expect(() => split([text])).toThrow(NotJsonArray);
  });

  it("leaves a bad element to JSON.parse: two records without a comma arrive as one text", () => {
    const splitter = new JsonArraySplitter();
    expect(splitter.push('[{"a":1} {"b":2}]')).toEqual(['{"a":1} {"b":2}']);
  });
});
