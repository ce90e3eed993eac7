import { describe, expect, it } from "vitest";
import { sharedJsonBody } from "./shared-in-flight";

const olive = { role: "ops" as const, scopeKey: "org:Northwind" };

describe("sharedJsonBody", () => {
  it("produces once for concurrent callers and hands all of them the same bytes; nothing is cached after", async () => {
    let calls = 0;
    const produce = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return [{ id: "a", amount: "1.10" }];
    };
    const bodies = await Promise.all(Array.from({ length: 20 }, () => sharedJsonBody(olive, "k", produce)));
    expect(calls).toBe(1);
    expect(new Set(bodies).size).toBe(1);
    expect(new TextDecoder().decode(bodies[0])).toBe('[{"id":"a","amount":"1.10"}]');
    await sharedJsonBody(olive, "k", produce);
    expect(calls).toBe(2);
  });

  it("is shared only by people of one role and one scope: another's read is decided and produced for them", async () => {
    const produced: string[] = [];
    const produce = (who: string) => async () => {
      produced.push(who);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return who;
    };
    const bodies = await Promise.all([
      sharedJsonBody(olive, "k", produce("olive")),
      sharedJsonBody({ ...olive }, "k", produce("olive's colleague")),
      sharedJsonBody({ ...olive, scopeKey: "org:Acme" }, "k", produce("another scope")),
      sharedJsonBody({ ...olive, role: "viewer" }, "k", produce("another role")),
    ]);
    expect(produced).toEqual(["olive", "another scope", "another role"]);
    expect(bodies.map((body) => new TextDecoder().decode(body))).toEqual([
      '"olive"',
      '"olive"',
      '"another scope"',
      '"another role"',
    ]);
  });
});
