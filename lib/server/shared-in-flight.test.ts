import { describe, expect, it } from "vitest";
import { sharedJsonBody } from "./shared-in-flight";

describe("sharedJsonBody", () => {
  it("produces once for concurrent callers and hands all of them the same bytes; nothing is cached after", async () => {
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return [{ id: "a", amount: "1.10" }];
    };
    const bodies = await Promise.all(Array.from({ length: 20 }, () => sharedJsonBody("k", produce)));
    expect(calls).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(new TextDecoder().decode(bodies[0])).toBe('[{"id":"a","amount":"1.10"}]');
    await sharedJsonBody("k", produce);
    expect(calls).toBe(2);
  });
});
