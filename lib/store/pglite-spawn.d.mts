/** The embedded store's process, serving one PGlite folder on a loopback port. */
export interface PgliteHost {
  port: number;
  /** False once the process has ended (a crash): the next open starts another. */
  alive(): boolean;
  /** Resolves once the process has closed the folder and released its lock. */
  stop(): Promise<void>;
}
export function spawnPgliteHost(dir: string, timeoutMs?: number): Promise<PgliteHost>;
export function startPgliteEarly(dir: string): void;
export function takeEarlyPgliteHost(dir: string): Promise<PgliteHost> | null;
export function earlyFolderExisted(dir: string): boolean | null;
