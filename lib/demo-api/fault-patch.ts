// Untrusted fault patches (admin POST bodies, programmatic calls) checked with zod, then merged into the state.
import { z } from "zod";
import { FUND_FAULT_KINDS, type FundFaultKind } from "./config";
import type { FaultState } from "./faults";

const rate = z.number().min(0).max(1);
const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const patchSchema = z
  .strictObject({
    rejectToken: z.boolean(),
    down: z.boolean(),
    failNext: count,
    passNext: count,
    hugeBytes: count,
    latencyMs: count,
    error5xx: rate,
    hang: rate,
    malformed: rate,
    html: rate,
    wrongShape: rate,
    reset: rate,
    huge: rate,
    // null lifts one fund's fault and leaves the others as they are.
    fundFaults: z.record(z.string().min(1).max(200), z.enum(FUND_FAULT_KINDS).nullable()),
  })
  .partial();

export type FaultPatch = z.infer<typeof patchSchema>;

/** Validates a patch; throws a TypeError naming the first bad setting. */
export function validateFaultPatch(input: unknown): FaultPatch {
  const result = patchSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? "fault patch" : issue.path.join(".");
  throw new TypeError(`${where}: ${issue?.message ?? "invalid"}`);
}

/** Merges a validated patch; fund ids the store does not know are refused so a typo cannot pass silently. */
export function applyFaultPatch(state: FaultState, patch: FaultPatch, isFund: (fundId: string) => boolean): FaultState {
  const { fundFaults: fundPatch, ...switches } = patch;
  const next: FaultState = { ...state, ...switches };
  if (fundPatch === undefined) return next;
  const fundFaults: Record<string, FundFaultKind> = { ...state.fundFaults };
  for (const [fundId, kind] of Object.entries(fundPatch)) {
    if (!isFund(fundId)) throw new TypeError(`fundFaults: unknown fund "${fundId}"`);
    if (kind === null) delete fundFaults[fundId];
    else fundFaults[fundId] = kind;
  }
  return { ...next, fundFaults };
}
