import "server-only";
import { Redis, type RedisOptions } from "ioredis";
import { serverEnv } from "./env";
import { logLine } from "./log";
import { processWide } from "./process-wide";

/** The Redis that several instances share (REDIS_URL), with this deployment's key prefix. */
export interface SharedStore {
  /** Commands fail at once while Redis is unreachable (no queue), and within a second if it stops answering. */
  client: Redis;
  /** REDIS_KEY_PREFIX: the client adds it to every key; channels, which are not keys, take it from here. */
  prefix: string;
  /** Called each time the connection becomes usable: at start and after every outage. */
  onReady(listener: () => void): void;
  /** A connection for pub/sub, created on first use (it resubscribes by itself after an outage). */
  subscriber(): Redis;
  /** Resolves when connected, or after `ms` if not: whether it is. */
  connected(ms: number): Promise<boolean>;
}

// Fail fast rather than queue: a limit that cannot be checked answers 503, a session check falls back to what
// this instance knows. Reconnects go on forever, so everything recovers when Redis does.
export function storeOptions(keyPrefix: string): RedisOptions {
  return {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(100 * times, 1_000),
    enableAutoPipelining: true,
  };
}

export function connectStore(url: string, prefix: string): SharedStore {
  const client = new Redis(url, storeOptions(prefix));
  let state: "connecting" | "ready" | "down" = "connecting";
  const listeners: (() => void)[] = [];
  // One line per change of state, not one per reconnect attempt; never the URL (it may carry a password).
  const down = (reason: string) => {
    if (state !== "down") logLine("shared_store_unreachable", { reason: reason.slice(0, 200) });
    state = "down";
  };
  client.on("ready", () => {
    state = "ready";
    logLine("shared_store_ready");
    for (const listener of listeners) listener();
  });
  client.on("error", (error: Error) => down(error.message));
  client.on("close", () => down("connection closed"));
  let subscriber: Redis | undefined;
  return {
    client,
    prefix,
    onReady(listener) {
      listeners.push(listener);
      if (client.status === "ready") listener();
    },
    connected(ms) {
      if (client.status === "ready") return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        client.once("ready", () => (clearTimeout(timer), resolve(true)));
      });
    },
    subscriber() {
      if (!subscriber) {
        subscriber = client.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, keyPrefix: "" });
        // The main connection reports outages; this one reconnects and resubscribes quietly.
        subscriber.on("error", () => undefined);
      }
      return subscriber;
    },
  };
}

/** The process's shared store, or null without REDIS_URL (then every limit and revocation stays in process). */
export function sharedStore(): SharedStore | null {
  const { REDIS_URL, REDIS_KEY_PREFIX } = serverEnv();
  if (!REDIS_URL) return null;
  return processWide("shared-store", () => connectStore(REDIS_URL, REDIS_KEY_PREFIX));
}
