import { describe, expect, it } from "vitest";
import { inLanes } from "./use-sort-prefetch";

/** An ask whose answers the test gives one by one, recording what was asked and how many were waiting at once. */
function controlledAsk() {
  const asked: string[] = [];
  const pending = new Map<string, () => void>();
  let most = 0;
  const ask = (item: string) =>
    new Promise<void>((resolve) => {
      asked.push(item);
      pending.set(item, resolve);
      most = Math.max(most, pending.size);
    });
  const answer = async (item: string) => {
    pending.get(item)!();
    pending.delete(item);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { ask, answer, asked, pending, most: () => most };
}

const headers = ["name", "type", "email", "commitment", "contributed"];

describe("inLanes", () => {
  it("asks for every header's order left to right, two at a time, the next as soon as one is answered", async () => {
    const { ask, answer, asked, pending, most } = controlledAsk();
    const done = inLanes(headers, 2, ask, () => false);
    expect(asked).toEqual(["name", "type"]);
    await answer("type");
    expect(asked).toEqual(["name", "type", "email"]);
    await answer("name");
    expect([...pending.keys()]).toEqual(["email", "commitment"]);
    await answer("commitment");
    await answer("email");
    await answer("contributed");
    await done;
    expect(asked).toEqual(headers);
    expect(most()).toBe(2);
  });

  it("takes no new header once stopped (a new view), and lets those asked finish", async () => {
    const { ask, answer, asked } = controlledAsk();
    let stopped = false;
    const done = inLanes(headers, 2, ask, () => stopped);
    stopped = true;
    await answer("name");
    await answer("type");
    await done;
    expect(asked).toEqual(["name", "type"]);
  });

  it("asks each header once when there are fewer headers than lanes", async () => {
    const asked: string[] = [];
    await inLanes(
      ["name"],
      2,
      (item) => void asked.push(item),
      () => false,
    );
    expect(asked).toEqual(["name"]);
  });
});
