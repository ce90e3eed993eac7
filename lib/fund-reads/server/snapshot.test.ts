import { describe, expect, it } from "vitest";
import { nextSnapshotAt } from "./snapshot";

const at = (iso: string) => Date.parse(iso);

describe("nextSnapshotAt", () => {
  it("is today's SNAPSHOT_AT (UTC) while it is still ahead, else tomorrow's", () => {
    expect(nextSnapshotAt(at("2026-11-25T01:59:59Z"), "02:00")).toBe(at("2026-11-25T02:00:00Z"));
    expect(nextSnapshotAt(at("2026-11-25T02:00:00Z"), "02:00")).toBe(at("2026-11-26T02:00:00Z"));
    expect(nextSnapshotAt(at("2026-12-31T23:30:00Z"), "23:45")).toBe(at("2026-12-31T23:45:00Z"));
    expect(nextSnapshotAt(at("2026-12-31T23:50:00Z"), "00:00")).toBe(at("2027-01-01T00:00:00Z"));
  });
});
