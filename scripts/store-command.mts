// What the store's commands share: the environment of .env files, and the store opened or a clear exit 2.
import nextEnv from "@next/env";

nextEnv.loadEnvConfig(process.cwd());

/** The process's store, open; exits 2 with "History unavailable: <reason>" when it cannot be. */
export async function openStoreOrExit() {
  const store = await import("../lib/store/server/index.ts");
  await store.openStore();
  const status = store.storeStatus();
  if (status.state !== "ready") {
    console.error(`History unavailable: ${status.reason ?? status.state}`);
    process.exit(2);
  }
  return { location: status.location, close: store.closeStore };
}
