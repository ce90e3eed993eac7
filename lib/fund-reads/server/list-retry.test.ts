import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startDemoApi, type DemoApi } from "../../demo-api/server";
import { demoEnv, endProcess, freshProcess } from "../../testing/fresh-process";
import { pgliteFolder } from "../../testing/pglite-folder";
import { testPrincipal } from "../../testing/principal";

// A build whose funds list could not be read: the organization is read again by a later request, not only after the
// directory's refresh interval (ten minutes by default), with or without funds kept from an earlier process.

const user = testPrincipal();
const modules = async () => ({
  store: await import("../../store/server"),
  kept: await import("./kept"),
  warm: await import("./warm"),
  organization: await import("./scoped-organization"),
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

it("a restart from part of the organization kept reads the rest once its failed funds list can be read", async () => {
  // A first process keeps two funds' lists; the third's list fails, so it is never kept.
  const funds = (await (
    await fetch(`${demo.url}/customerapi/funds`, { headers: { Authorization: `Bearer ${demo.token}` } })
  ).json()) as { id: string }[];
  demo.controls.set({ fundFaults: { [funds[0]!.id]: "error" } });
  const first = await freshProcess(env, modules);
  await first.organization.organizationSnapshot(user);
  await first.organization.organizationBuilt(user);
  await first.kept.keptWritesSettled();
  await first.store.closeStore();
  demo.controls.reset();

  // The restart's build finds the upstream failing: two funds kept, one never read.
  const restarted = await freshProcess(env, modules);
  expect(await restarted.warm.warmFromStore()).toMatchObject({ funds: 2 });
  demo.controls.set({ failNext: 1_000 });
  const during = await restarted.organization.organizationSnapshot(user);
  await restarted.organization.organizationBuilt(user);
  expect(during.complete).toBe(false);
  demo.controls.reset();
  // Past INVESTOR_LIST_REFRESH_SECONDS, the next request reads the organization again, and it is whole.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  await restarted.organization.organizationSnapshot(user);
  await restarted.organization.organizationBuilt(user);
  const after = await restarted.organization.organizationSnapshot(user);
  expect(after).toMatchObject({ complete: true, progress: { read: 3, total: 3 }, failedFunds: [] });
}, 60_000);
