// Pages, route handlers and proxy.ts are separate bundles with their own module copies, in one process:
// state they must all see (revocations, limits, held lists) lives on globalThis under one name.
const prefix = "fund-explorer.";

/** The one instance of `name` in this process, created on first use. */
export function processWide<T>(name: string, create: () => T): T {
  const holder = globalThis as Record<symbol, unknown>;
  const key = Symbol.for(`${prefix}${name}`);
  if (holder[key] === undefined) holder[key] = create();
  return holder[key] as T;
}
