import { describe, expect, it } from "vitest";
import { parseAsSince } from "./parsers";
import { isSince, readInstant, sinceInstant, sinceLabel } from "./since";

const now = Date.parse("2026-11-23T12:00:00Z");

describe("since", () => {
  it("accepts 1d, 7d, 30d, a day and an ISO timestamp with a zone", () => {
    for (const text of ["1d", "7d", "30d", "2026-11-18", "2026-11-18T02:00:00Z", "2026-11-18T02:00+01:00"])
      expect(isSince(text), text).toBe(true);
  });

  it("refuses anything else", () => {
    const bad = ["", "2d", "7D", "1w", "-7d", "2026-02-30", "2026-13-01", "2026-11-18T02:00", "2026-11-18 02:00Z"];
    for (const text of [...bad, "yesterday", "2026-11-18T25:00Z", "20261118", "2026-11-18T02:00:00Zjunk"])
      expect(isSince(text), text).toBe(false);
    expect(parseAsSince.parse("8d")).toBeNull();
    expect(parseAsSince.parse("7d")).toBe("7d");
  });

  it("resolves spans back from now, a day from its UTC start, an instant as written", () => {
    expect(sinceInstant("1d", now).toISOString()).toBe("2026-11-22T12:00:00.000Z");
    expect(sinceInstant("7d", now).toISOString()).toBe("2026-11-16T12:00:00.000Z");
    expect(sinceInstant("30d", now).toISOString()).toBe("2026-10-24T12:00:00.000Z");
    expect(sinceInstant("2026-11-18", now).toISOString()).toBe("2026-11-18T00:00:00.000Z");
    expect(sinceInstant("2026-11-18T02:00+01:00", now).toISOString()).toBe("2026-11-18T01:00:00.000Z");
    expect(() => sinceInstant("soon", now)).toThrow(RangeError);
  });

  it("reads as a person says it", () => {
    expect(sinceLabel("7d")).toBe("7 days ago");
    expect(sinceLabel("2026-11-18")).toBe("Nov 18, 2026");
    expect(readInstant("2026-11-18T02:00:00Z")).toBe("Nov 18 02:00 UTC");
  });
});
