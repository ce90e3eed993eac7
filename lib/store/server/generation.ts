import "server-only";
import { LRUCache } from "lru-cache";
import { processWide } from "@/lib/server/process-wide";

// What this process has written since a reader looked: a reader may hold what it read from the kept reads until
// its fund's generation moves (another instance's writes are not seen here, so holders also keep a short age).
const generations = () => processWide("store-generations", () => ({ all: 0, funds: new Map<string, number>() }));

/** After a write for one fund (or, with null, one that may touch any fund: forget, prune), landed or not. */
export function bumpGeneration(fundId: string | null): void {
  const state = generations();
  if (fundId === null) state.all += 1;
  else state.funds.set(fundId, (state.funds.get(fundId) ?? 0) + 1);
}

/** The fund's generation in this process: equal strings mean nothing this process wrote since touched the fund. */
function keptGeneration(fundId: string): string {
  const state = generations();
  return `${state.all}.${state.funds.get(fundId) ?? 0}`;
}

// Every fund page asked the store for its changes and history (6.5 % of a page's CPU under load, and the
// database's): a read is shared while its fund's generation stands, and for at most this long.
const heldMs = 5_000;
const held = () =>
  processWide(
    "store-held-reads",
    () => new LRUCache<string, { generation: string; read: Promise<unknown> }>({ max: 2_000, ttl: heldMs }),
  );

/** `read`'s answer for `key`, shared until the fund's generation moves or `heldMs` pass; a failure is not held. */
export function heldRead<T>(key: string, fundId: string, read: () => Promise<T>): Promise<T> {
  const generation = keptGeneration(fundId);
  const found = held().get(key);
  if (found && found.generation === generation) return found.read as Promise<T>;
  const reading = read();
  held().set(key, { generation, read: reading });
  reading.catch(() => held().get(key)?.read === reading && held().delete(key));
  return reading;
}
