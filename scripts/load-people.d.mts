import type { MultiInstance } from "./multi-instance.mjs";

export interface Person {
  email: string;
  name: string;
  password: string;
  /** The loopback address the person signs in from. */
  address: string;
}

export interface SignedInPerson extends Person {
  /** `name=value` of the session cookie. */
  cookie: string;
}

export interface LoadTarget {
  name: string;
  /** Path and query, e.g. /api/investors?limit=100. */
  path: string;
}

/** What a run needs: where to send, who sends, what to ask for, and which processes to watch. */
export interface LoadScene {
  base: string;
  people: SignedInPerson[];
  targets: LoadTarget[];
  /** Processes whose peak RSS and CPU are reported (the instances). */
  pids?: number[];
}

export interface PeopleStack extends LoadScene {
  stack: MultiInstance;
  pids: number[];
  usersFile: string;
  /** Stops the stack and removes the users file. */
  stop(): Promise<void>;
}

export interface TargetFigures {
  name: string;
  path?: string;
  connections: number;
  requests: number;
  rps: number;
  /** Milliseconds, every answer counted (non-2xx included). */
  latency: { p50: number; p90: number; p99: number; max: number };
  /** Connection errors other than timeouts. */
  errors: number;
  timeouts: number;
  /** Answers by status code, e.g. { "200": 1234, "429": 5 }. */
  statuses: Record<string, number>;
  non2xx: { 429: number; 503: number; other: number };
}

export interface ProcessUsage {
  pid: number;
  peakRssMb: number;
  cpuSeconds: number;
  /** CPU over the run as a share of one core. */
  cpuPercent: number;
}

export interface MixedLoadResult {
  people: number;
  connectionsPerPerson: number;
  seconds: number;
  targets: TargetFigures[];
  /** All the people's requests together. */
  overall: TargetFigures;
  /** The flooder's own figures, apart from the people's. */
  flood: TargetFigures | null;
  processes: ProcessUsage[];
}

export interface MixedLoadOptions {
  /** Default 2. */
  connectionsPerPerson?: number;
  /** Default 30. */
  seconds?: number;
  /** A request unanswered this long counts as a timeout (default 10). */
  timeoutSeconds?: number;
  /** One other person holding many connections on one target meanwhile. */
  flood?: { person: SignedInPerson; target: LoadTarget; connections?: number };
}

export function makePeople(count: number): Promise<{ people: Person[]; usersFile: string; remove(): void }>;
export function signInPeople(base: string, people: Person[]): Promise<SignedInPerson[]>;
export function mixedTargets(
  base: string,
  cookie: string,
  options?: { funds?: number; instances?: number },
): Promise<LoadTarget[]>;
export function startPeopleStack(options?: {
  /** Default 20. */
  people?: number;
  /** Default 2. */
  instances?: number;
  /** The demo API's first funds (default [10000, 2000, 500]); the targets cover that many of the biggest. */
  fundSizes?: number[];
  env?: Record<string, string>;
  /** Default .load/logs. */
  logDir?: string;
}): Promise<PeopleStack>;
export function spreadConnections(
  people: SignedInPerson[],
  targets: LoadTarget[],
  perPerson: number,
): (LoadTarget & { cookies: string[] })[];
export function runMixedLoad(scene: LoadScene, options?: MixedLoadOptions): Promise<MixedLoadResult>;
