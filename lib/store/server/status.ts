import "server-only";
import { HttpError } from "@/lib/http/errors";
import { logLine } from "@/lib/server/log";

export type StoreDriver = "pglite" | "postgres";

export interface StoreStatus {
  configured: boolean;
  driver: StoreDriver;
  /** The folder, or the URL without its password. */
  location: string;
  state: "closed" | "opening" | "ready" | "unavailable";
  reason: string | null;
  /** When the state last changed (ISO). */
  since: string;
}

/** The store cannot answer now: 503, and the next call tries again by itself. */
export class StoreUnavailable extends HttpError {
  static override readonly kind = "StoreUnavailable";
  constructor(reason: string) {
    super(503, `History unavailable: ${reason}`, 5);
  }
}

/** A URL as it may be shown and logged: never its password. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable DATABASE_URL)";
  }
}

/** The store's state, with one log line per change of state (not one per failed call or retry). */
export class StatusBoard {
  private current: StoreStatus;

  constructor(driver: StoreDriver, location: string, configured: boolean) {
    this.current = { configured, driver, location, state: "closed", reason: null, since: new Date().toISOString() };
  }

  get status(): StoreStatus {
    return { ...this.current };
  }

  set(state: StoreStatus["state"], reason: string | null = null): void {
    const changed = state !== this.current.state || (state === "unavailable" && reason !== this.current.reason);
    if (!changed) return;
    const wasUnavailable = this.current.state === "unavailable";
    this.current = { ...this.current, state, reason, since: new Date().toISOString() };
    if (state === "ready") logLine("store_ready", { driver: this.current.driver, recovered: wasUnavailable });
    if (state === "unavailable" && !wasUnavailable) {
      logLine("store_unavailable", { driver: this.current.driver, reason: reason?.slice(0, 300) ?? null });
    }
  }
}
