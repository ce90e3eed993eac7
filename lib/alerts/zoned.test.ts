import { describe, expect, it } from "vitest";
import { instantOfLocalHour, previousDate, wallClock } from "./zoned";

describe("local hours in a time zone", () => {
  it("finds an ordinary day's hour", () => {
    expect(new Date(instantOfLocalHour("2026-11-27", 8, "Europe/Zurich")).toISOString()).toBe(
      "2026-11-27T07:00:00.000Z",
    );
    expect(new Date(instantOfLocalHour("2026-06-01", 0, "Asia/Kolkata")).toISOString()).toBe(
      "2026-05-31T18:30:00.000Z",
    );
    expect(wallClock(Date.parse("2026-11-27T23:30:00Z"), "Europe/Zurich").date).toBe("2026-11-28");
  });

  it("takes the moment the clocks jump for an hour they skip, and the first of an hour they show twice", () => {
    // Zurich springs forward at 02:00 (01:00 UTC) and falls back at 03:00 (01:00 UTC).
    expect(new Date(instantOfLocalHour("2027-03-28", 2, "Europe/Zurich")).toISOString()).toBe(
      "2027-03-28T01:00:00.000Z",
    );
    expect(new Date(instantOfLocalHour("2027-10-31", 2, "Europe/Zurich")).toISOString()).toBe(
      "2027-10-31T00:00:00.000Z",
    );
    expect(new Date(instantOfLocalHour("2026-03-08", 2, "America/New_York")).toISOString()).toBe(
      "2026-03-08T07:00:00.000Z",
    );
    // Lord Howe moves by half an hour.
    expect(new Date(instantOfLocalHour("2026-10-04", 2, "Australia/Lord_Howe")).toISOString()).toBe(
      "2026-10-03T15:30:00.000Z",
    );
  });

  it("steps back a calendar day", () => {
    expect(previousDate("2027-03-01")).toBe("2027-02-28");
    expect(previousDate("2028-01-01")).toBe("2027-12-31");
  });
});
