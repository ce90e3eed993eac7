import { vi } from "vitest";

// vi.waitFor gives up after 1 s by default: on the loaded 2-core CI machine the first write to a fresh test database
// took longer once (the audit trail's refused row). Ten seconds is patience for a slow machine; no test asserts a time.

/** Retries `check` until it passes (every 50 ms, for up to 10 s), then returns its value. */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: 10_000, interval: 50 });
}
