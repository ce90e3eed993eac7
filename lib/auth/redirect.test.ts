import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeNext } from "./redirect";

describe("safeNext", () => {
  it("keeps a path and query of this site", () => {
    expect(safeNext("/funds/abc?sort=name.asc&q=x")).toBe("/funds/abc?sort=name.asc&q=x");
    expect(safeNext("/funds?q=%09")).toBe("/funds?q=%09");
    expect(safeNext("/funds#section")).toBe("/funds");
  });

  it.each([
    "//evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>",
    "https://evil.example/funds",
    "http://dashboard.invalid.evil.example/",
    " //evil.example",
    "",
  ])("sends %j to /funds", (target) => {
    expect(safeNext(target)).toBe("/funds");
  });

  it("keeps an encoded tab as an encoded path segment (it is not stripped by browsers)", () => {
    expect(safeNext("/%09/evil.example")).toBe("/%09/evil.example");
  });

  it("never returns something a browser would read as another host", () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom("/", "\\", ".", "\t", "\n", ":", "@", "%", "2", "e", "f", "a", "?", "#", " "),
        }),
        (target) => {
          const result = safeNext(target);
          expect(result.startsWith("/")).toBe(true);
          expect(new URL(result, "https://dash.example").origin).toBe("https://dash.example");
        },
      ),
    );
  });

  it("treats non-strings and prototype names as ordinary input", () => {
    expect(safeNext(undefined)).toBe("/funds");
    expect(safeNext(["/funds/x"])).toBe("/funds");
    expect(safeNext("__proto__")).toBe("/__proto__");
  });
});
