import { describe, expect, it } from "vitest";
import { describeScope, inScope, parseScope, scopeKey } from "./scope";

const sources = ["default", "acme"];

describe("scopes", () => {
  it("reads an organization in any source, a source's organization, a whole source and everything", () => {
    const scope = parseScope(["Northwind Partners", "acme/Blue Fund", "default/*"], sources);
    expect(inScope(scope, { source: "acme", organization: "northwind partners " })).toBe(true);
    expect(inScope(scope, { source: "acme", organization: "Blue Fund" })).toBe(true);
    expect(inScope(scope, { source: "other", organization: "Blue Fund" })).toBe(false);
    expect(inScope(scope, { source: "default", organization: null })).toBe(true);
    expect(inScope(scope, { source: "acme", organization: null })).toBe(false);
    expect(parseScope(["Northwind", "*"], sources)).toEqual({ all: true });
  });

  it("takes a slash as part of an organization's name unless a source has the name before it", () => {
    const scope = parseScope(["A/B Capital"], sources);
    expect(inScope(scope, { source: "default", organization: "A/B Capital" })).toBe(true);
    expect(describeScope(scope)).toBe("A/B Capital");
  });

  it("gives equal scopes one key whatever their order or case, and different scopes different keys", () => {
    const one = parseScope(["Northwind", "acme/Blue"], sources);
    const two = parseScope(["acme/blue", "northwind"], sources);
    expect(scopeKey(one)).toBe(scopeKey(two));
    expect(scopeKey(one)).not.toBe(scopeKey(parseScope(["Northwind"], sources)));
    expect(scopeKey(parseScope(["*"], sources))).toBe("*");
  });
});
