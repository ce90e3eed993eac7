import { describe, expect, it } from "vitest";
import { zipEntryName } from "./file-names";

describe("a statement's file name in the zip", () => {
  it("keeps the name's script, drops what an operating system refuses, and stays unique", () => {
    const seen = new Set<string>();
    const id = "0b9a1c52-6f1e-4c0a-9d7e-2f1f0f7a8b11";
    expect(zipEntryName("Борис Łukasiewicz", id, seen)).toBe(`Борис Łukasiewicz-${id}.pdf`);
    expect(zipEntryName('a/b\\c:d*e?"f<g>h|i\u0000 . ', "x", seen)).toBe("a b c d e f g h i-x.pdf");
    expect(zipEntryName("CON", "y", seen)).toBe("CON-y.pdf");
    expect(zipEntryName("  ...  ", "../z", seen)).toBe("z.pdf");
    expect(zipEntryName("Борис Łukasiewicz", id, seen)).toBe(`Борис Łukasiewicz-${id}-2.pdf`);
    expect(zipEntryName("x".repeat(300), "q", seen)).toBe(`${"x".repeat(60)}-q.pdf`);
  });
});
