/** The embedded store's process (lib/store/pglite-child.mjs), serving one PGlite folder on a loopback port. */
export interface PgliteHost {
  port: number;
  /** False once the process has ended (a crash): the next open starts another. */
  alive(): boolean;
  /** Resolves once the process has closed the folder and released its lock. */
  stop(): Promise<void>;
}

/**
 * Starts the process that opens `dir` (it takes the folder's lock, waiting up to `lockWaitMs` for a holder to let it
 * go; its own default when not given); rejects with its reason if it cannot.
 */
export function startPgliteHost(dir: string, lockWaitMs?: number, timeoutMs?: number): Promise<PgliteHost>;

/** Starts the process for an existing folder now, before the rest of the start asks for it. */
export function startEarly(dir: string): void;

/** The process started early for `dir`, once; null when none was. */
export function takeEarly(dir: string): Promise<PgliteHost> | null;
