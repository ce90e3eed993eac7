import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FairAdmission, Refused } from "./admission.mjs";

const admission = (slots = 2, perPerson = 2) =>
  new FairAdmission({ slots, perPerson, waitMs: 2_000, queuedPerPerson: 50 });

/** Who got in, in order, as each request enters. */
function recorder(gate: FairAdmission) {
  const order: string[] = [];
  const releases: (() => void)[] = [];
  const enter = (person: string) =>
    gate.enter(person).then((release) => {
      order.push(person);
      releases.push(release);
      return release;
    });
  return { order, releases, enter };
}

describe("FairAdmission", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("lets requests in at once while there is room", async () => {
    const gate = admission();
    await expect(gate.enter("a")).resolves.toBeTypeOf("function");
    await expect(gate.enter("b")).resolves.toBeTypeOf("function");
    expect(gate.state()).toMatchObject({ running: 2, waiting: 0 });
  });

  it("serves waiting people in turn: one person's flood does not go ahead of another's single request", async () => {
    const gate = admission(1, 1);
    const { order, releases, enter } = recorder(gate);
    await enter("flood");
    const flood = Array.from({ length: 5 }, () => enter("flood"));
    const other = enter("other");
    for (let i = 0; i < 3; i++) {
      releases.at(-1)!();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(order.slice(0, 4)).toEqual(["flood", "flood", "other", "flood"]);
    void Promise.allSettled([...flood, other]);
  });

  it("keeps room for others: one person runs at most its share of the slots", async () => {
    const gate = admission(4, 2);
    const { order, enter } = recorder(gate);
    const flood = Array.from({ length: 6 }, () => enter("flood"));
    await enter("other");
    expect(order.filter((person) => person === "flood")).toHaveLength(2);
    expect(gate.state()).toMatchObject({ running: 3, waiting: 4 });
    void Promise.allSettled(flood);
  });

  it("refuses with 503 and Retry-After a request that cannot start within the wait, and frees its place", async () => {
    const gate = admission(1, 1);
    const release = await gate.enter("a");
    const waiting = gate.enter("b");
    const refused = expect(waiting).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1 });
    await vi.advanceTimersByTimeAsync(2_000);
    await refused;
    expect(gate.state()).toMatchObject({ waiting: 0, refusedBusy: 1 });
    release();
    await expect(gate.enter("b")).resolves.toBeTypeOf("function");
  });

  it("refuses with 429 a person's requests past their queue, never another person's", async () => {
    const gate = new FairAdmission({ slots: 1, perPerson: 1, waitMs: 2_000, queuedPerPerson: 2 });
    await gate.enter("a");
    const queued = [gate.enter("a"), gate.enter("a")];
    const error = await gate.enter("a").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Refused);
    expect(error).toMatchObject({ status: 429 });
    const other = gate.enter("b");
    expect(gate.state()).toMatchObject({ waiting: 3, refusedQueue: 1 });
    void Promise.allSettled([...queued, other]);
  });

  it("a release given twice frees one slot only", async () => {
    const gate = admission(1, 1);
    const release = await gate.enter("a");
    const next = gate.enter("b");
    release();
    release();
    await next;
    expect(gate.state()).toMatchObject({ running: 1, waiting: 0 });
  });
});
