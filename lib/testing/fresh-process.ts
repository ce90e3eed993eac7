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

/** A process on one demo upstream, no sign-in (a trusted proxy's header), the embedded store unless `settings` say. */
export const demoEnv = (demo: { url: string; token: string }, settings: Record<string, string | undefined> = {}) => ({
  CUSTOMER_API_BASE_URL: demo.url,
  CUSTOMER_API_TOKEN: demo.token,
  CUSTOMER_API_SOURCES_FILE: undefined,
  DATABASE_URL: undefined,
  DIRECTORY_MATCH_SECRET: undefined,
  DASHBOARD_AUTH: "none",
  DASHBOARD_PROXY_USER_HEADER: "x-user",
  DASHBOARD_PROXY_SECRET: "p".repeat(32),
  ...settings,
});
