import { describe, expect, it } from "vitest";
import { bumpGeneration, heldRead } from "./generation";

describe("reads held while nothing was written", () => {
  it("shares one read of a fund until this process writes for that fund (or for every fund)", async () => {
    let reads = 0;
    const read = () => heldRead("history:fund-a", "fund-a", async () => ++reads);
    expect(await read()).toBe(1);
    expect(await read()).toBe(1);
    bumpGeneration("fund-b");
    expect(await read()).toBe(1);
    bumpGeneration("fund-a");
    expect(await read()).toBe(2);
    bumpGeneration(null);
    expect(await read()).toBe(3);
  });

  it("does not hold a failed read: the next asks again", async () => {
    let attempt = 0;
    const read = () =>
      heldRead("changes:fund-c:7d", "fund-c", async () => {
        attempt += 1;
        if (attempt === 1) throw new Error("store down");
        return "answer";
      });
    await expect(read()).rejects.toThrow("store down");
    expect(await read()).toBe("answer");
  });
});
