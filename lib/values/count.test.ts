import { describe, expect, it } from "vitest";
import { countOf, pluralOf } from "./count";

describe("countOf", () => {
  it("writes the count with separators and the noun's form the count asks for", () => {
    expect(countOf(2000, "position")).toBe("2,000 positions");
    expect(countOf(1202, "position")).toBe("1,202 positions");
    expect(countOf(1, "position")).toBe("1 position");
    expect(countOf(0, "fund")).toBe("0 funds");
    expect(countOf(1_234_567, "row")).toBe("1,234,567 rows");
  });

  it("takes an irregular plural, and a noun with its verb", () => {
    expect(countOf(1, "entry", "entries")).toBe("1 entry");
    expect(countOf(3, "entry", "entries")).toBe("3 entries");
    expect(countOf(1, "investor lacks", "investors lack")).toBe("1 investor lacks");
    expect(countOf(12, "investor lacks", "investors lack")).toBe("12 investors lack");
  });
});

describe("pluralOf", () => {
  it("is the noun alone, for a sentence that shows the number apart", () => {
    expect(pluralOf(1, "fund")).toBe("fund");
    expect(pluralOf(2, "fund")).toBe("funds");
    expect(pluralOf(0, "person", "people")).toBe("people");
  });
});
