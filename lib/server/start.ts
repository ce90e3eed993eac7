import "server-only";
import { readRulesFile } from "../access/server/rules";
import { pruneAudit } from "../audit/server/retention";
import { registerAlerts, startAlerts, stopAlerts } from "../alerts/server/worker";
import { sharedRevocations } from "../auth/shared-revocations";
import { readUsersFile } from "../auth/users";
import { connectUpstream } from "../data/upstream";
import { scheduleDailySnapshot } from "../fund-reads/server/snapshot";
import { keptWritesLanded, keptWritesSettled } from "../fund-reads/server/kept";
import { closeStore, openStore, storeStartsEmpty } from "../store/server";
import { haltBuilds } from "../fund-reads/server/organization";
import { warmFromStore } from "../fund-reads/server/warm";
import { EnvError, serverEnv } from "./env";
import { logLine } from "./log";
import { startTask } from "./start-tasks.mjs";
import { stopTask } from "./stop-tasks.mjs";
import { sharedStore } from "./shared-store";

/** Fails fast with one readable line when the configuration is wrong. */
export async function startServer(): Promise<void> {
  try {
    const { DASHBOARD_USERS_FILE: usersFile, ACCESS_RULES_FILE: rulesFile } = serverEnv();
    if (usersFile) readUsersFile(usersFile);
    if (rulesFile) readRulesFile(rulesFile);
    // The store's process starts beside the rest of the start (PGlite's took ~1 s of a restart's first answers); a
    // folder not made yet is left for the first write, as warmFromStore leaves it.
    if (!storeStartsEmpty()) void openStore();
    logLine("server_configured", { mode: await connectUpstream() });
    // Alerts' events are made in the transaction of each list kept from now on (the warm-up's too).
    registerAlerts();
    // With Redis: learn the revocations so far and listen for new ones before the first request; an unreachable
    // Redis does not stop the start (the instance reports not ready and retries by itself).
    const store = sharedStore();
    if (store) {
      sharedRevocations();
      await store.connected(2_000);
    }
    // What was kept serves from the first request: the organization and the fund lists from their newest kept
    // reads, loaded beside Next's preload and the warm-up (100,000 positions: 2.5-4.6 s); /readyz says ready after.
    const started = Date.now();
    const warmed = warmFromStore().then((kept) =>
      logLine("store_warmed", { ...(kept ?? { funds: 0, positions: 0 }), ms: Date.now() - started }),
    );
    startTask("kept reads", warmed);
    // The alerts worker once the catalog is seeded from the kept funds lists: it decides access on it.
    void warmed.then(startAlerts);
    // The warm-up's reads written before it listens: a fresh visit ran 1.3-1.9x a warm one beside those writes.
    startTask("kept writes", keptWritesLanded);
    // The snapshot's daily run also applies the audit trail's retention (lib/audit owns it, not lib/fund-reads).
    scheduleDailySnapshot(pruneAudit);
    // A stop loses nothing read: every read still being written lands, then the store is closed (its folder freed).
    stopTask("fund reads", haltBuilds, "halt");
    stopTask("kept writes", keptWritesSettled, "drain");
    // Sends in flight finish (or their lease lapses for another instance); nothing new is claimed.
    stopTask("alerts", stopAlerts, "drain");
    stopTask("store", closeStore, "close");
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
