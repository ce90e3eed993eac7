import { describe, expect, it } from "vitest";
import { inPersonLane, inPersonLaneOnce } from "./fair-share";

const slowly = (value: string) => () => new Promise<string>((resolve) => setTimeout(() => resolve(value), 20));

describe("a person's lane", () => {
  it("refuses a burst of different work past its short queue with 429", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => inPersonLane("olive", slowly(`view ${i}`))),
    );
    expect(results.filter((result) => result.status === "rejected").length).toBeGreaterThan(0);
  });

  it("serves a burst of the same page from one place in the lane: 200 at once, one piece of work, no 429", async () => {
    let runs = 0;
    const page = () => ((runs += 1), slowly("page 1")());
    const results = await Promise.all(
      Array.from({ length: 200 }, () => inPersonLaneOnce("otto", "fund:v:page-1", page)),
    );
    expect(new Set(results)).toEqual(new Set(["page 1"]));
    expect(runs).toBe(1);
  });
});
