import { describe, expect, it } from "vitest";
import { contentDisposition, today } from "./filename";

describe("contentDisposition", () => {
  it("gives a plain ASCII name as it is", () => {
    expect(contentDisposition("funds", "-2026-11-21.csv")).toBe('attachment; filename="funds-2026-11-21.csv"');
  });

  it("slugs a fund name and keeps the real one in filename*", () => {
    const header = contentDisposition("Zoë Capital Fund II, L.P.", "-investors-2026-11-21.csv");
    expect(header).toContain('filename="zoe-capital-fund-ii-l-p-investors-2026-11-21.csv"');
    expect(header).toContain("filename*=UTF-8''Zo%C3%AB%20Capital%20Fund%20II%2C%20L.P.-investors-2026-11-21.csv");
  });

  it("dates in UTC", () => {
    expect(today(new Date("2026-11-21T23:59:59Z"))).toBe("2026-11-21");
  });
});
