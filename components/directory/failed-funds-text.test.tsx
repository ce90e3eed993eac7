import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FailedFundsText } from "./failed-funds-text";

const failed = (n: number) =>
  Array.from({ length: n }, (_, at) => ({ id: `f${at}`, name: `Fund ${at}`, status: 504, message: "timed out" }));

describe("FailedFundsText", () => {
  it("names each of a few funds with why", () => {
    expect(renderToStaticMarkup(<FailedFundsText failedFunds={failed(2)} />)).toBe(
      "2 funds could not be read: <span>Fund 0 (timed out)</span><span>, Fund 1 (timed out)</span>",
    );
  });

  it("names ten of thousands and counts the rest", () => {
    const html = renderToStaticMarkup(<FailedFundsText failedFunds={failed(7_000)} />);
    expect(html.startsWith("7,000 funds could not be read: ")).toBe(true);
    expect(html).toContain("Fund 9 (timed out)");
    expect(html).not.toContain("Fund 10 ");
    expect(html.endsWith(" and 6,990 more")).toBe(true);
  });

  it("counts them all when a page carries only the first ten", () => {
    const html = renderToStaticMarkup(<FailedFundsText failedFunds={failed(10)} total={7_000} />);
    expect(html.startsWith("7,000 funds could not be read: ")).toBe(true);
    expect(html.endsWith("Fund 9 (timed out)</span> and 6,990 more")).toBe(true);
  });
});
