import { afterEach, describe, expect, it, vi } from "vitest";
import { logLine } from "./log";

describe("logLine", () => {
  afterEach(() => vi.restoreAllMocks());

  it("writes one JSON line with its event and fields, and censors secret keys a caller let through", () => {
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    logLine("request", {
      route: "GET /api/funds",
      status: 200,
      token: "eyJ.secret",
      tax_id: "123-45-6789",
      note: "a\nb",
    });
    const written = lines.join("");
    expect(written.trim().split("\n")).toHaveLength(1);
    const line = JSON.parse(written);
    expect(line).toMatchObject({
      level: "info",
      event: "request",
      route: "GET /api/funds",
      status: 200,
      token: "[redacted]",
      tax_id: "[redacted]",
    });
    expect(written).not.toContain("eyJ.secret");
    expect(written).not.toContain("6789");
  });
});
