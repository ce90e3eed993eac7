import { describe, expect, it } from "vitest";
import { ageText } from "./freshness";

describe("ageText", () => {
  it("says just now under half a minute, then the largest whole unit", () => {
    expect(ageText(29_999)).toBe("just now");
    expect(ageText(30_000)).toBe("1 minute ago");
    expect(ageText(14 * 60_000)).toBe("14 minutes ago");
    expect(ageText(2 * 3_600_000 + 10 * 60_000)).toBe("2 hours ago");
    expect(ageText(3 * 86_400_000)).toBe("3 days ago");
  });
});
