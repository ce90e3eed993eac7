import { vi } from "vitest";

// A fresh "process" for tests that restart the server: every module and process-wide value anew, the environment as
// given, and the previous one's store closed.

let running: { closeStore(): Promise<void> } | null = null;

/** Loads `modules` as a new process with `env` (undefined unsets a variable). */
export async function freshProcess<T>(
  env: Record<string, string | undefined>,
  modules: () => Promise<T & { store: { closeStore(): Promise<void> } }>,
): Promise<T & { store: { closeStore(): Promise<void> } }> {
  await running?.closeStore();
  for (const key of Object.getOwnPropertySymbols(globalThis))
    if (key.description?.startsWith("fund-explorer.")) delete (globalThis as Record<symbol, unknown>)[key];
  Object.assign(process.env, env);
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete process.env[key];
  vi.resetModules();
  const loaded = await modules();
  running = loaded.store;
  return loaded;
}

/** Closes the running process's store, if any. */
export async function endProcess(): Promise<void> {
  await running?.closeStore();
  running = null;
}
