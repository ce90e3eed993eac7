import { expect, it } from "vitest";
import { haltTasksNow, stopTask, stopTasksSettled } from "./stop-tasks.mjs";

it("a stop halts first, then drains before it closes, and names only drains and closes not finished", async () => {
  const order: string[] = [];
  let finish = () => {};
  const writes = new Promise<void>((resolve) => (finish = resolve)).then(() => void order.push("drain"));
  stopTask("fund reads", () => order.push("halt"), "halt");
  stopTask("kept writes", () => writes);
  stopTask("store", () => order.push("close"), "close");
  haltTasksNow();
  expect(order).toEqual(["halt"]);
  expect(await stopTasksSettled(50)).toEqual(["kept writes", "store"]);
  finish();
  expect(await stopTasksSettled(1_000)).toEqual([]);
  // The store is closed only once the writes have landed (the first stop's closes run then too).
  expect(order.slice(0, 3)).toEqual(["halt", "drain", "close"]);
});
