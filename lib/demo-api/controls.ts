// Runtime fault switches and request statistics, shared by the API handler and the admin routes.
import { StatsRecorder, noFaults, validateFaultPatch, type DemoStats, type FaultState } from "./faults";
import { Rng, hashSeed } from "./prng";

export interface DemoControls {
  get(): FaultState;
  /** Merges a patch into the fault state (validated; throws on bad values) and returns the result. */
  set(patch: Partial<FaultState>): FaultState;
  /** Clears all faults (latency included) and statistics. */
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

export function createControls(seed: number, initial: Partial<FaultState>): ControlState {
  const faultSeed = hashSeed(seed, 0xfa17);
  let rng = new Rng(faultSeed);
  let state: FaultState = { ...noFaults(), ...validateFaultPatch(initial) };
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
    get: () => ({ ...state }),
    set(patch) {
      state = { ...state, ...validateFaultPatch(patch) };
      return { ...state };
    },
    reset() {
      state = noFaults();
      rng = new Rng(faultSeed);
      recorder.reset();
    },
    stats: () => recorder.snapshot(),
  };
}
