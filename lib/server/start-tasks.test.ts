import { describe, expect, it } from "vitest";
import { startTask, startTasksSettled } from "./start-tasks.mjs";

describe("start tasks (what a server finishes before it listens)", () => {
  it("asks a task given as a function for its work only when the server begins to wait", async () => {
    let work = Promise.resolve();
    let finish = () => {};
    startTask("warm-up writes", () => work);
    // Begun after the task was registered, before the server waits: the warm-up's writes.
    work = new Promise<void>((resolve) => (finish = resolve));
    expect(await startTasksSettled(50)).toEqual(["warm-up writes"]);
    finish();
    expect(await startTasksSettled(50)).toEqual([]);
  });

  it("waits for every task, a failed one included, and names those still running at the limit", async () => {
    let finish = () => {};
    startTask("quick", Promise.resolve());
    startTask("failing", Promise.reject(new Error("store down")));
    startTask("slow", new Promise<void>((resolve) => (finish = resolve)));
    expect(await startTasksSettled(50)).toEqual(["slow"]);
    finish();
    expect(await startTasksSettled(1_000)).toEqual([]);
  });
});
