import { describe, expect, it } from "vitest";
import { failedFundsMessage, partialHeaders } from "./failures";

const failed = (n: number) =>
  Array.from({ length: n }, (_, at) => ({
    id: `00000000-0000-4000-8000-${String(at).padStart(12, "0")}`,
    name: `Fund ${at}`,
    status: 507,
    message: "not held",
  }));

describe("what a file or a refusal says of the funds it misses", () => {
  it("names each of a few funds", () => {
    expect(failedFundsMessage(failed(2))).toBe("2 funds could not be read: Fund 0 (not held), Fund 1 (not held)");
    expect(partialHeaders(failed(2))).toEqual({
      "X-Missing-Funds": `${failed(2)[0]!.id},${failed(2)[1]!.id}`,
      "X-Missing-Funds-Count": "2",
    });
    expect(partialHeaders([])).toEqual({});
  });

  it("names ten of thousands and counts the rest, and keeps the header under 4 KB", () => {
    const many = failed(7_000);
    const message = failedFundsMessage(many);
    expect(message).toMatch(/^7000 funds could not be read: Fund 0 \(not held\), .*Fund 9 \(not held\) and 6990 more$/);
    expect(message).not.toContain("Fund 10 ");
    const headers = partialHeaders(many);
    expect(headers["X-Missing-Funds"]!.split(",")).toEqual(many.slice(0, 100).map((fund) => fund.id));
    expect(headers["X-Missing-Funds"]!.length).toBeLessThan(4_096);
    expect(headers["X-Missing-Funds-Count"]).toBe("7000");
  });
});
