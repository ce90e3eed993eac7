// Fault-injection state: per-request rolls and request statistics.
import type { FundFaultKind } from "./config";
import type { Rng } from "./prng";

export type FaultKind = "error5xx" | "hang" | "malformed" | "html" | "wrongShape" | "reset" | "huge";

export interface FaultState {
  /** Every /customerapi request answers 401 Bad token. */
  rejectToken: boolean;
  /** Every /customerapi connection is dropped before any answer, as if the service were down. */
  down: boolean;
  /** The next N /customerapi requests answer 503, then this counts down to 0. */
  failNext: number;
  /** With failNext: this many requests are answered normally first (a failure part-way through a sequence). */
  passNext: number;
  /** Probabilities in [0, 1], rolled once per request in this order. */
  error5xx: number;
  hang: number;
  malformed: number;
  html: number;
  wrongShape: number;
  reset: number;
  huge: number;
  /** Body size of a "huge" answer. */
  hugeBytes: number;
  /** Delay before every /customerapi answer. */
  latencyMs: number;
  /** Fund id → how that fund's investor list fails, on every request; other funds answer normally. */
  fundFaults: Readonly<Record<string, FundFaultKind>>;
}

export const FAULT_KINDS: readonly FaultKind[] = [
  "error5xx",
  "hang",
  "malformed",
  "html",
  "wrongShape",
  "reset",
  "huge",
];
export const DEFAULT_HUGE_BYTES = 50 * 1024 * 1024;

export function noFaults(): FaultState {
  return {
    rejectToken: false,
    down: false,
    failNext: 0,
    passNext: 0,
    error5xx: 0,
    hang: 0,
    malformed: 0,
    html: 0,
    wrongShape: 0,
    reset: 0,
    huge: 0,
    hugeBytes: DEFAULT_HUGE_BYTES,
    latencyMs: 0,
    fundFaults: {},
  };
}

/** Picks at most one fault for a request; rates are stacked, so hang: 1 always hangs. */
export function rollFault(state: FaultState, rng: Rng): FaultKind | null {
  let total = 0;
  for (const kind of FAULT_KINDS) total += state[kind];
  if (total === 0) return null;
  let roll = rng.next();
  for (const kind of FAULT_KINDS) {
    if (roll < state[kind]) return kind;
    roll -= state[kind];
  }
  return null;
}

export interface DemoStats {
  /** /customerapi requests received, whatever their outcome. */
  requests: number;
  /** Requests per path (first 10,000 distinct paths, the rest under "(other)"). */
  paths: Record<string, number>;
  /** Completed responses per status code. */
  statuses: Record<string, number>;
  /** Injected faults per kind (including rejectToken, failNext and fund-error, fund-hang, fund-malformed). */
  faults: Record<string, number>;
}

const MAX_PATHS = 10_000;

/** Counts kept in Maps (cheap per request) and copied out as plain objects on demand. */
export class StatsRecorder {
  private requests = 0;
  private readonly paths = new Map<string, number>();
  private readonly statuses = new Map<string, number>();
  private readonly faults = new Map<string, number>();

  request(path: string): void {
    this.requests++;
    bump(this.paths, this.paths.has(path) || this.paths.size < MAX_PATHS ? path : "(other)");
  }

  status(status: number): void {
    bump(this.statuses, String(status));
  }

  fault(kind: FaultKind | "rejectToken" | "failNext" | "down" | `fund-${FundFaultKind}`): void {
    bump(this.faults, kind);
  }

  reset(): void {
    this.requests = 0;
    this.paths.clear();
    this.statuses.clear();
    this.faults.clear();
  }

  snapshot(): DemoStats {
    return {
      requests: this.requests,
      paths: Object.fromEntries(this.paths),
      statuses: Object.fromEntries(this.statuses),
      faults: Object.fromEntries(this.faults),
    };
  }
}

function bump(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
