import "server-only";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import pLimit from "p-limit";
import { listedFund, listedLive } from "../../data/catalog";
import { sourceNames } from "../../data/sources";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import {
  claimDeliveries,
  type ClaimedDelivery,
  fanOutEvents,
  type FinishedAttempt,
  finishAttempts,
  peopleByEmail,
  pruneAlerts,
  releaseClaims,
} from "../../store/server/alerts";
import { systemResolver } from "./addresses";
import { attemptDelivery, type DeliveryDeps } from "./deliver";
import { digestReads, scheduleDigests } from "./digest";
import { registerAlertEvents } from "./events";
import { registerAlertPeople } from "./people";
import { setWaker } from "./wake";

// Each process's alerts worker (issue 30, item 3): fans new events out to the outbox, makes the digests that are due,
// and delivers what is due, claimed with a lease so several instances share the work without Redis and a delivery
// whose instance died is claimed again once its lease runs out. stopAlerts() ends it cleanly (SIGTERM).

export interface WorkerOptions extends Partial<DeliveryDeps> {
  /** This worker's name in the outbox's leases. */
  worker?: string;
  leaseMs?: number;
  batch?: number;
  concurrency?: number;
}

const leaseMsDefault = 60_000;
const digestEveryMs = 30_000;
const pruneEveryMs = 86_400_000;

/** Whether the start has seeded the catalog from the kept funds lists (the worker starts after it). */
const seeded = () => processWide("alerts-catalog-seeded", () => ({ done: false })).done;

/** Marks the catalog seeded: from now on a fund not listed is one no longer listed. */
export function catalogSeeded(): void {
  processWide("alerts-catalog-seeded", () => ({ done: false })).done = true;
}

/** A worker: one pass does every step once; the loop runs passes until stopped. */
export function alertsWorker(options: WorkerOptions = {}) {
  const deps: DeliveryDeps = {
    store: options.store,
    now: options.now ?? Date.now,
    random: options.random ?? Math.random,
    resolver: options.resolver ?? systemResolver,
    fundOf:
      options.fundOf ??
      ((source, fundId) => {
        if (!sourceNames().includes(source)) return null;
        const listed = listedFund(source, fundId);
        if (listed) return { source, organization: listed.organization };
        // Not listed: gone, unless this process has not read the source's funds list yet (nor seeded it).
        return listedLive(source) || seeded() ? null : undefined;
      }),
  };
  const worker = options.worker ?? `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  const leaseMs = options.leaseMs ?? leaseMsDefault;
  const batch = options.batch ?? 100;
  const limit = pLimit(options.concurrency ?? 16);
  const digestsMade = new Set<string>();
  let lastDigests = 0;
  let lastPrune = 0;
  /** Claimed and not yet finished: given back when the worker stops before starting them. */
  const unstarted = new Set<number>();
  let stopping = false;

  // Finished attempts are written a few at a time, soon after each ends, never held back by a slow one.
  let pending: FinishedAttempt[] = [];
  let flushing: Promise<void> = Promise.resolve();
  let flushTimer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = null;
    const taken = pending;
    pending = [];
    flushing = flushing.then(() =>
      finishAttempts(worker, taken, deps.store).then(
        () => undefined,
        (error: Error) => logLine("alerts_unrecorded", { count: taken.length, reason: error.message.slice(0, 200) }),
      ),
    );
    return flushing;
  };

  async function deliverAll(claimed: ClaimedDelivery[]): Promise<void> {
    const people = await peopleByEmail(
      claimed.map((delivery) => delivery.subscription.ownerEmail),
      deps.store,
    );
    for (const delivery of claimed) unstarted.add(delivery.id);
    const shared = { ...deps, digestReads: digestReads(deps.store) };
    await Promise.all(
      claimed.map((delivery) =>
        limit(async () => {
          if (stopping) return;
          unstarted.delete(delivery.id);
          const result = await attemptDelivery(delivery, people.get(delivery.subscription.ownerEmail), shared);
          pending.push({ id: delivery.id, attempt: delivery.attempts, at: new Date(deps.now()), result });
          if (pending.length >= 25) void flush();
          else flushTimer ??= setTimeout(() => void flush(), 10);
        }),
      ),
    );
    await flush();
  }

  /** One pass: fan out, digests when due, then deliveries until none is due. */
  async function runOnce(): Promise<{ fannedOut: number; delivered: number; digests: number }> {
    let fannedOut = 0;
    for (let taken = -1; taken !== 0 && !stopping;) {
      taken = await fanOutEvents(new Date(deps.now()), 500, deps.store);
      fannedOut += taken;
    }
    let digests = 0;
    if (deps.now() - lastDigests >= digestEveryMs || options.now) {
      lastDigests = deps.now();
      digests = await scheduleDigests(deps.now(), digestsMade, deps.store);
    }
    // Until nothing is due: a delivery may make another (a notice to its owner), due at once.
    let delivered = 0;
    while (!stopping) {
      const claimed = await claimDeliveries({ now: new Date(deps.now()), limit: batch, leaseMs, worker }, deps.store);
      if (claimed.length === 0) break;
      await deliverAll(claimed);
      delivered += claimed.length;
    }
    if (deps.now() - lastPrune >= pruneEveryMs) {
      lastPrune = deps.now();
      const retention = serverEnv().HISTORY_RETENTION_DAYS * 86_400_000;
      const pruned = await pruneAlerts(new Date(deps.now() - retention), deps.store);
      if (pruned > 0) logLine("alerts_pruned", { deliveries: pruned });
    }
    return { fannedOut, delivered, digests };
  }

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let again = false;
  let failing: string | null = null;

  /** Runs a pass now, or right after the one under way. */
  function wake(): void {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .then(
        () => {
          if (failing) logLine("alerts_worker_recovered", {});
          failing = null;
        },
        (error: Error) => {
          const reason = error.message.slice(0, 200);
          if (reason !== failing) logLine("alerts_worker_failed", { reason });
          failing = reason;
        },
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  return {
    worker,
    runOnce,
    start(pollMs: number) {
      timer = setInterval(wake, pollMs);
      timer.unref();
      wake();
    },
    wake,
    /** Stops: no new pass; the sends under way finish (up to `waitMs`); claims not started are given back. */
    async stop(waitMs = 5_000): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((done) => (waited = setTimeout(done, waitMs)))]);
      clearTimeout(waited);
      await flush();
      await releaseClaims([...unstarted], worker, deps.store).catch(() => undefined);
    },
  };
}

type Worker = ReturnType<typeof alertsWorker>;
const state = () => processWide("alerts-worker", () => ({ worker: null as Worker | null }));

/** Makes events of every list this process keeps and keeps people's groups: before anything is kept (idempotent). */
export function registerAlerts(): void {
  registerAlertEvents();
  registerAlertPeople();
}

/** Starts this process's alerts worker (once), after the start seeded the catalog from the kept funds lists. */
export function startAlerts(): void {
  registerAlerts();
  catalogSeeded();
  const held = state();
  if (held.worker) return;
  held.worker = alertsWorker();
  setWaker(held.worker.wake);
  held.worker.start(serverEnv().ALERTS_POLL_MS);
  // Reachable by the server's own shutdown (scripts/server.mjs), which is outside Next's bundles.
  processWide("stop-alerts", () => stopAlerts);
  logLine("alerts_started", { worker: held.worker.worker });
}

/** Stops this process's alerts worker cleanly: what it is sending finishes, what it claimed and did not start is given back. */
export async function stopAlerts(): Promise<void> {
  const held = state();
  const worker = held.worker;
  held.worker = null;
  setWaker(null);
  await worker?.stop();
}
