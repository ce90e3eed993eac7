import "server-only";
import { CustomerApiError } from "../customer-api/errors";
import { systemPrincipal } from "../data/principal";
import { sourceNames } from "../data/sources";
import { probeUpstream } from "../data/readiness";
import { serverEnv } from "../server/env";
import { processWide } from "../server/process-wide";

/** Short enough for a load balancer's check to get an answer; the probe is one attempt, never retried. */
export const probeTimeoutMs = 3_000;

export interface ProbeResult {
  /** null when the upstream answered 200; else why not, in words that name no address, token or value. */
  problem: string | null;
  finishedAt: number;
}

interface ProbeState {
  startedAt: number;
  last?: ProbeResult;
  running?: Promise<ProbeResult>;
}

function problemOf(error: unknown): string {
  if (!(error instanceof CustomerApiError)) return "The Customer API could not be read.";
  if (error.kind === "timeout") return `The Customer API did not answer within ${probeTimeoutMs / 1000} s.`;
  if (error.kind === "token_rejected") return "The Customer API rejected the dashboard's token.";
  if (error.upstreamStatus !== undefined) return `The Customer API answered HTTP ${error.upstreamStatus}.`;
  return "The Customer API could not be reached.";
}

async function probe(now: () => number): Promise<ProbeResult> {
  try {
    // Each source by its own reader: the server never reads as "everyone".
    await Promise.all(
      sourceNames().map((source) => probeUpstream(systemPrincipal("readiness", source), probeTimeoutMs)),
    );
    return { problem: null, finishedAt: now() };
  } catch (error) {
    return { problem: problemOf(error), finishedAt: now() };
  }
}

/**
 * The upstream as the last probe found it. A probe starts at most every READINESS_PROBE_SECONDS, and only when
 * someone asks; before the first answer, or after a long quiet spell, the caller waits for a new one (at most 3 s).
 */
export async function upstreamProbe(now: () => number = Date.now): Promise<ProbeResult> {
  const state = processWide<ProbeState>("upstream-probe", () => ({ startedAt: -Infinity }));
  const intervalMs = serverEnv().READINESS_PROBE_SECONDS * 1_000;
  if (!state.running && now() - state.startedAt >= intervalMs) {
    state.startedAt = now();
    state.running = probe(now).then((result) => {
      state.last = result;
      state.running = undefined;
      return result;
    });
  }
  if (state.last && now() - state.last.finishedAt < 2 * intervalMs) return state.last;
  return state.running ?? state.last!;
}
