import "server-only";
import { processWide } from "../../server/process-wide";

// A kept read's events wake this process's alerts worker a moment after their transaction (which commits after the
// hook returns), rather than at its next poll. Process-wide: the writer and the worker are separate bundles.

const waker = () => processWide("alerts-waker", () => ({ wake: null as (() => void) | null }));

/** The worker's wake-up, set while it runs. */
export function setWaker(wake: (() => void) | null): void {
  waker().wake = wake;
}

/** Wakes the worker shortly (the caller's transaction commits first). */
export function wakeSoon(delayMs = 150): void {
  const { wake } = waker();
  if (wake) setTimeout(wake, delayMs).unref();
}
