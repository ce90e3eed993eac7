import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

interface RequestContext {
  upstreamStatus: number | undefined;
  upstreamCalls: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(fn: () => T): { context: RequestContext; result: T } {
  const context: RequestContext = { upstreamStatus: undefined, upstreamCalls: 0 };
  return { context, result: storage.run(context, fn) };
}

export function noteUpstreamStatus(status: number | undefined): void {
  const context = storage.getStore();
  if (!context) return;
  context.upstreamCalls += 1;
  context.upstreamStatus = status;
}
