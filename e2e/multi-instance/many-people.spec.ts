import type { PeopleStack } from "../../scripts/load-people.mjs";
import { expect, test } from "../support/fixtures";
import { get } from "./support";

// Many people at once on two instances, with a tight admission (2 requests at a time per instance, 500 ms to start):
// what they would notice is that nothing fails and nothing hangs; a request refused is told so, and when to retry.
test.describe.configure({ mode: "serial" });

let scene: PeopleStack;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const { startPeopleStack } = await import("../../scripts/load-people.mjs");
  scene = await startPeopleStack({
    people: 12,
    instances: 2,
    fundSizes: [2000, 500],
    env: { REQUEST_SLOTS: "2", QUEUE_WAIT_MS: "500" },
    logDir: ".e2e/many-people",
  });
});
test.afterAll(async () => scene?.stop());

test("12 people browsing at once get every answer, or a 503 or 429 saying when to retry: no error, no hang", async () => {
  test.setTimeout(120_000);
  const { runMixedLoad } = await import("../../scripts/load-people.mjs");
  // Meanwhile one of them opens the biggest fund's page 30 times at once, and looks at every refusal.
  const [person] = scene.people;
  const fundPage = scene.targets.find((target) => target.path.startsWith("/funds/"))!;
  const load = runMixedLoad(scene, { connectionsPerPerson: 2, seconds: 6, timeoutSeconds: 20 });
  const burst = await Promise.all(
    Array.from({ length: 30 }, () => get(scene.base, fundPage.path, person!.cookie, { accept: "application/json" })),
  );
  const result = await load;

  for (const target of [...result.targets, result.overall]) {
    expect(target.errors, target.name).toBe(0);
    expect(target.timeouts, target.name).toBe(0);
    expect(target.non2xx.other, `${target.name}: ${JSON.stringify(target.statuses)}`).toBe(0);
  }
  expect(result.overall.requests).toBeGreaterThan(0);
  for (const response of burst) {
    expect([200, 429, 503]).toContain(response.status);
    if (response.status === 200) continue;
    expect(response.headers["content-type"]).toContain("application/json");
    expect(Number(response.headers["retry-after"])).toBeGreaterThan(0);
    expect(JSON.parse(response.body).error).toMatch(/busy|too many/i);
  }
  // The burst waited its turn: the 2-a-time, 500 ms admission refused some of it, and said so.
  expect(burst.some((response) => response.status === 503)).toBe(true);
});
