import "server-only";
import { readRulesFile } from "../access/server/rules";
import { pruneAudit } from "../audit/server/retention";
import { registerAlerts, startAlerts, stopAlerts } from "../alerts/server/worker";
import { sharedRevocations } from "../auth/shared-revocations";
import { readUsersFile } from "../access/server/users";
import { seedCatalog } from "../data/catalog-seed";
import { connectUpstream } from "../data/upstream";
import { scheduleDailySnapshot } from "../fund-reads/server/snapshot";
import { fillDemoPast } from "../fund-reads/server/demo-past";
import { keptWritesLanded, keptWritesSettled } from "../fund-reads/server/kept";
import { haltBuilds, retireUnconfigured, scheduleRounds } from "../fund-reads/server/organization";
import { EnvError, serverEnv } from "../server/env";
import { logLine } from "../server/log";
import { sharedStore } from "../server/shared-store";
import { startTask } from "../server/start-tasks.mjs";
import { stopTask } from "../server/stop-tasks.mjs";
import { closeStore, openStore, storeStartsEmpty } from "../store/server";

// The process's start-up wiring: every feature's part of a start and a stop, in one place at the top of the tree (the
// plumbing below, lib/server, imports no feature).

/** What a start does once the store is open: the catalog of what each token lists, then the organization's rounds. */
async function fromTheStore(): Promise<void> {
  // The views answer from the read model at once; only sources reconfigured since leave it.
  const retired = await retireUnconfigured().catch(() => 0);
  const listed = await seedCatalog().catch(() => 0);
  logLine("store_warmed", { listed, retired });
}

/** Fails fast with one readable line when the configuration is wrong. */
export async function startServer(): Promise<void> {
  try {
    const { DASHBOARD_USERS_FILE: usersFile, ACCESS_RULES_FILE: rulesFile } = serverEnv();
    if (usersFile) readUsersFile(usersFile);
    if (rulesFile) readRulesFile(rulesFile);
    // The store's process starts beside the rest of the start (PGlite's took ~1 s of a restart's first answers).
    const opened = storeStartsEmpty() ? Promise.resolve() : openStore();
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
    const warmed = opened.then(fromTheStore);
    startTask("kept reads", warmed);
    // The alerts worker once the catalog is seeded from the kept funds lists: it decides access on it. The rounds
    // of reads begin then too, in the background (a round a stop interrupted is resumed).
    // The embedded demo's first start keeps the demo's past (read while the store opens) before the rounds begin, so
    // the first round's read is the newest.
    void Promise.all([warmed, fillDemoPast()]).then(() => {
      startAlerts();
      scheduleRounds();
    });
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
