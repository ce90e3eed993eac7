import { describe, expect, it } from "vitest";
import { beforeListening, startTask, startTasksSettled } from "./start-tasks.mjs";

describe("start tasks (what a server finishes before it listens)", () => {
  it("waits for a write begun while starting, and for none begun once it has begun to wait", async () => {
    let finish = () => {};
    beforeListening("warm-up write", new Promise<void>((resolve) => (finish = resolve)));
    expect(await startTasksSettled(50)).toEqual(["warm-up write"]);
    finish();
    beforeListening("a visitor's write", new Promise<void>(() => {}));
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
