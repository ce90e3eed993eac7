import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startDemoApi, type DemoApi } from "../../demo-api/server";
import { demoEnv, endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";

// A round whose funds list could not be read: the views say why (nothing listed yet) or keep what was listed, and
// the organization is read again by a later request once INVESTOR_LIST_REFRESH_SECONDS have passed, not only after
// the refresh interval (ten minutes by default).

const user = testPrincipal();
const modules = async () => ({
  store: await import("../../store/server"),
  kept: await import("./kept"),
  rounds: await import("./organization"),
  state: await import("../../organization/server/state"),
});

let demo: DemoApi;
let folder: string;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  demo = await startDemoApi({ fundSizes: [3, 4, 5], fundCount: 3, seed: 5 });
  folder = mkdtempSync(join(tmpdir(), "fe-list-retry-"));
  env = demoEnv(demo, {
    CUSTOMER_API_RETRIES: "0",
    DATABASE_DIR: pgliteFolder(folder),
    INVESTOR_LIST_REFRESH_SECONDS: "1",
  });
}, 60_000);

afterEach(endProcess);

afterAll(async () => {
  await demo?.close();
  rmSync(folder, { recursive: true, force: true });
});

it("a first round whose funds list fails answers with its failure, and a later request reads the organization", async () => {
  const run = await freshProcess(env, modules);
  demo.controls.set({ failNext: 1_000 });
  await run.rounds.ensureRounds();
  await expect(run.state.organizationState(user)).rejects.toMatchObject({ status: 502 });
  demo.controls.reset();
  // Past INVESTOR_LIST_REFRESH_SECONDS, a request (a person's Refresh) reads the organization again, and it is whole.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await run.rounds.ensureRounds({ refresh: true });
  await run.kept.keptWritesSettled();
  const after = await run.state.organizationState(user);
  expect(after).toMatchObject({ complete: true, progress: { read: 3, total: 3 }, failedFunds: [] });
}, 60_000);

it("a restart on an upstream that fails serves what was kept, naming the fund that failed, until it is read", async () => {
  const funds = (await (
    await fetch(`${demo.url}/customerapi/funds`, { headers: { Authorization: `Bearer ${demo.token}` } })
  ).json()) as { id: string }[];
  demo.controls.set({ fundFaults: { [funds[0]!.id]: "error" } });
  // Past the Refresh throttle of the test before's round (the same store).
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const first = await freshProcess({ ...env, DIRECTORY_REFRESH_SECONDS: "10" }, modules);
  await first.rounds.ensureRounds({ refresh: true });
  await first.kept.keptWritesSettled();
  const partly = await first.state.organizationState(user);
  expect(partly).toMatchObject({ complete: true, failedCount: 1, failedFunds: [{ id: funds[0]!.id }] });
  demo.controls.reset();

  // Restarted with every request failing: the kept reads answer at once, whatever the upstream does.
  demo.controls.set({ failNext: 1_000 });
  const restarted = await freshProcess({ ...env, DIRECTORY_REFRESH_SECONDS: "10" }, modules);
  const asked = demo.controls.stats().requests;
  const kept = await restarted.state.organizationState(user);
  expect(kept).toMatchObject({ complete: true, progress: { total: 3 }, failedCount: 1 });
  expect(demo.controls.stats().requests).toBe(asked);
  demo.controls.reset();
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await restarted.rounds.ensureRounds({ refresh: true });
  await restarted.kept.keptWritesSettled();
  expect(await restarted.state.organizationState(user)).toMatchObject({ complete: true, failedCount: 0 });
}, 60_000);
