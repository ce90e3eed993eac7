// Runtime fault switches and request statistics, shared by the API handler and the admin routes.
import { applyFaultPatch, validateFaultPatch, type FaultPatch } from "./fault-patch";
import { StatsRecorder, noFaults, type DemoStats, type FaultState } from "./faults";
import { Rng, hashSeed } from "./prng";

export interface DemoControls {
  get(): FaultState;
  /** Merges a patch into the fault state (validated; throws on bad values or unknown funds) and returns the result. */
  set(patch: FaultPatch): FaultState;
  /** Clears all faults (latency and fund faults included) and statistics. */
  reset(): void;
  stats(): DemoStats;
}

/** The controls plus what the request handler reads and counts on every request. */
export interface ControlState extends DemoControls {
  readonly state: FaultState;
  /** Rolls faults; restarts from its seed on reset so a run replays the same faults. */
  readonly rng: Rng;
  readonly recorder: StatsRecorder;
  /** Replaces the state without validation (the handler's own countdowns). */
  replace(next: FaultState): void;
}

function copy(state: FaultState): FaultState {
  return { ...state, fundFaults: { ...state.fundFaults } };
}

export function createControls(seed: number, initial: FaultPatch, isFund: (fundId: string) => boolean): ControlState {
  const faultSeed = hashSeed(seed, 0xfa17);
  let rng = new Rng(faultSeed);
  const patch = (state: FaultState, input: FaultPatch): FaultState =>
    applyFaultPatch(state, validateFaultPatch(input), isFund);
  let state = patch(noFaults(), initial);
  const recorder = new StatsRecorder();
  return {
    get state() {
      return state;
    },
    get rng() {
      return rng;
    },
    recorder,
    replace(next) {
      state = next;
    },
    get: () => copy(state),
    set(input) {
      state = patch(state, input);
      return copy(state);
    },
    reset() {
      state = noFaults();
      rng = new Rng(faultSeed);
      recorder.reset();
    },
    stats: () => recorder.snapshot(),
  };
}
