import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestContext {
  upstreamStatus: number | undefined;
  upstreamCalls: number;
  /** What was decided once in this request (a fund's access for a person and an action), by key. */
  decided: Map<string, Promise<unknown>>;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(fn: () => T): { context: RequestContext; result: T } {
  const context: RequestContext = { upstreamStatus: undefined, upstreamCalls: 0, decided: new Map() };
  return { context, result: storage.run(context, fn) };
}

export function noteUpstreamStatus(status: number | undefined): void {
  const context = storage.getStore();
  if (!context) return;
  context.upstreamCalls += 1;
  context.upstreamStatus = status;
}

/**
 * `decide()` once per request for `key`: a request that asks the same question again (a fund's rows ask for the
 * fund's access at each layer) gets the first answer. Outside a request, it is asked each time.
 */
export function oncePerRequest<T>(key: string, decide: () => Promise<T>): Promise<T> {
  const context = storage.getStore();
  if (!context) return decide();
  let decision = context.decided.get(key) as Promise<T> | undefined;
  if (!decision) context.decided.set(key, (decision = decide()));
  return decision;
}
