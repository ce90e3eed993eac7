import { describe, expect, it } from "vitest";
import { textParts } from "./text-links";

describe("textParts", () => {
  it("makes http(s) addresses links and leaves the rest as it was typed", () => {
    expect(textParts("Wire promised by Friday: see https://mail.example.com/t/42. Called twice.")).toEqual([
      { text: "Wire promised by Friday: see " },
      { text: "https://mail.example.com/t/42", href: "https://mail.example.com/t/42" },
      { text: ". Called twice." },
    ]);
    expect(textParts("(http://a.example/x)")).toEqual([
      { text: "(" },
      { text: "http://a.example/x", href: "http://a.example/x" },
      { text: ")" },
    ]);
  });

  it("never makes a link of anything but http(s), and never reads markup", () => {
    for (const hostile of [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "javascript:alert(1)",
      "[click](javascript:alert(1))",
      "data:text/html,<script>alert(1)</script>",
      "**bold** <b>bold</b> {{7*7}} ${7*7}",
      "\u202egnp.exe",
    ])
      expect(textParts(hostile)).toEqual([{ text: hostile }]);
    const joined = textParts('x https://a.example/"onmouseover=alert(1) y');
    expect(joined[1]).toEqual({ text: "https://a.example/", href: "https://a.example/" });
    expect(joined.map((part) => part.text).join("")).toBe('x https://a.example/"onmouseover=alert(1) y');
  });
});
