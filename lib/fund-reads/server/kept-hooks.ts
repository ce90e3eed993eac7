import "server-only";
import { processWide } from "../../server/process-wide";
import type { AfterKept } from "../../store/server";

// Work registered to run inside the transaction that keeps each investor list (alerts' events): it commits, or rolls
// back, with the read. Process-wide: the registrar (the start) and the writers (pages, routes) are separate bundles.
const keptListHooks = processWide("kept-list-hooks", () => new Map<string, AfterKept>());

/** Runs `hook` inside the transaction of the investor lists kept from now on, a batch at a time (one per name). */
export function onListKept(name: string, hook: AfterKept): void {
  keptListHooks.set(name, hook);
}

/** Every registered hook, in the order they were registered, for the write queue to run in its transaction. */
export const afterKept: AfterKept = async (tx, facts) => {
  for (const hook of keptListHooks.values()) await hook(tx, facts);
};
