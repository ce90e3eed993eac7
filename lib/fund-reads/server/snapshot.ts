import "server-only";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import { pruneReads, tryWithJobLock } from "../../store/server";
import type { FailedFund } from "../../directory/types";
import { sourceNames } from "../../data/sources";
import { sourceBuilt, sourceNow } from "./organization";

const dayMs = 86_400_000;

export interface SnapshotResult {
  funds: number;
  failedFunds: FailedFund[];
  /** The list of funds itself could not be read. */
  listFailure: string | null;
}

/** Reads one source's every fund now (each read kept, by the source's own reader); which could not be read. */
async function snapshotOf(source: string): Promise<SnapshotResult> {
  try {
    await sourceNow(source, { refresh: true });
  } catch (error) {
    return { funds: 0, failedFunds: [], listFailure: `${source}: ${(error as Error).message}` };
  }
  // A build begun by this call (or one under way, or one ended within the Refresh interval) reads every fund.
  await sourceBuilt(source);
  const funds = [...(await sourceNow(source)).funds.values()];
  return {
    funds: funds.length,
    failedFunds: funds.flatMap((fund) => (fund.failure ? [fund.failure] : [])),
    listFailure: null,
  };
}

/** Reads every fund of every source now (each read kept), and says which funds could not be read. */
export async function takeSnapshot(): Promise<SnapshotResult> {
  const results = await Promise.all(sourceNames().map(snapshotOf));
  const failures = results.flatMap((result) => (result.listFailure ? [result.listFailure] : []));
  return {
    funds: results.reduce((sum, result) => sum + result.funds, 0),
    failedFunds: results.flatMap((result) => result.failedFunds),
    listFailure: failures.length > 0 ? failures.join("; ") : null,
  };
}

/** The next SNAPSHOT_AT (UTC HH:MM) after `now`, in ms. */
export function nextSnapshotAt(now: number, at: string): number {
  const [hours, minutes] = at.split(":").map((part) => Number.parseInt(part, 10));
  const day = Math.floor(now / dayMs) * dayMs;
  const today = day + (hours! * 60 + minutes!) * 60_000;
  return today > now ? today : today + dayMs;
}

/**
 * The daily job: a snapshot by exactly one instance (a job lock), then reads past HISTORY_RETENTION_DAYS deleted and
 * `pruneAudit` (given by the server's start, which owns the audit trail's retention): the rows it removed.
 */
export async function dailySnapshot(pruneAudit: () => Promise<number>): Promise<void> {
  const env = serverEnv();
  const ran = await tryWithJobLock("daily-snapshot", async () => {
    const result = await takeSnapshot();
    const pruned = await pruneReads(new Date(Date.now() - env.HISTORY_RETENTION_DAYS * dayMs));
    const auditPruned = await pruneAudit();
    return { ...result, pruned, auditPruned };
  }).catch((error: Error) => {
    logLine("snapshot_failed", { reason: error.message });
    return null;
  });
  if (ran?.ran) {
    const { funds, failedFunds, listFailure, pruned, auditPruned } = ran.value;
    const failed = failedFunds.map((fund) => fund.id).join(",");
    logLine("snapshot_taken", { funds, failed, listFailure, pruned, auditPruned });
  } else if (ran) logLine("snapshot_skipped", { reason: "another instance is taking it" });
}

/** Schedules the daily job at SNAPSHOT_AT, once per process. */
export function scheduleDailySnapshot(pruneAudit: () => Promise<number>): void {
  processWide("daily-snapshot-timer", () => {
    const arm = () => {
      const wait = nextSnapshotAt(Date.now(), serverEnv().SNAPSHOT_AT) - Date.now();
      setTimeout(() => void dailySnapshot(pruneAudit).finally(arm), wait).unref();
    };
    arm();
    return true;
  });
}
