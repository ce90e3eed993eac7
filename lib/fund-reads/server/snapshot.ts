import "server-only";
import { serverEnv } from "../../server/env";
import { logLine } from "../../server/log";
import { processWide } from "../../server/process-wide";
import { orgMissing, orgState, pruneReads, sourceRound, tryWithJobLock } from "../../store/server";
import { fundRefOf } from "../../data/organization";
import { fingerprintOf, sourceNames } from "../../data/sources";
import { ensureRound } from "./organization";

const dayMs = 86_400_000;

export interface SnapshotResult {
  funds: number;
  /** The funds whose investors could not be read (the first thousand), and how many. */
  failedFunds: { id: string; name: string; message: string }[];
  failedCount: number;
  /** The list of funds itself could not be read (naming the source). */
  listFailure: string | null;
}

/** Reads every fund of every source now (a round each, every read kept), and says which could not be read. */
export async function takeSnapshot(): Promise<SnapshotResult> {
  const sources = sourceNames();
  await Promise.all(sources.map((source) => ensureRound(source, { refresh: true })));
  const fingerprints = await Promise.all(sources.map(fingerprintOf));
  const rounds = await Promise.all(fingerprints.map((fingerprint) => sourceRound(fingerprint)));
  const failures = rounds.flatMap((round, at) => (round.listFailure ? [`${sources[at]}: ${round.listFailure}`] : []));
  const scope = { whole: fingerprints, parts: [] };
  const [missing, state, refOf] = await Promise.all([
    orgMissing({ scope, limit: 1_000 }),
    orgState(scope),
    fundRefOf(),
  ]);
  const failed = missing.funds.filter((fund) => !fund.pending);
  return {
    funds: state.total,
    failedFunds: failed.map((fund) => ({ id: refOf(fund), name: fund.name, message: fund.message })),
    failedCount: failed.length,
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
    const { failedFunds, ...result } = ran.value;
    logLine("snapshot_taken", { ...result, failed: failedFunds.map((fund) => fund.id).join(",") });
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
