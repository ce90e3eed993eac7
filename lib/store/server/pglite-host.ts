import "server-only";
import { type PgliteHost, spawnPgliteHost, takeEarlyPgliteHost } from "../pglite-spawn.mjs";

export type { PgliteHost };

/**
 * The process serving the embedded store's folder: the one scripts/server.mjs started before Next (its opening ran
 * beside Next's start), else a new one. Rejects with its reason if it cannot open the folder.
 */
export function startPgliteHost(dir: string, timeoutMs = 60_000): Promise<PgliteHost> {
  return takeEarlyPgliteHost(dir) ?? spawnPgliteHost(dir, timeoutMs);
}
