import "server-only";
import type { z } from "zod";
import { requireUser } from "../auth/session";
import type { SessionUser } from "../auth/session-token";
import { errorResponse, jsonError, noStore } from "./error-response";
import { logLine } from "../server/log";
import { runWithRequestContext } from "./request-context";

const paramNames: Record<string, string> = { fundId: "Fund id", investorId: "Investor id" };

interface RouteContextLike {
  params: Promise<unknown>;
}

interface RouteOptions {
  /** The query parameters the route takes; any other is a 400. */
  query?: readonly string[];
}

type Handler<P> = (params: P, request: Request, user: SessionUser) => Promise<unknown>;

async function handle<S extends z.ZodType>(
  request: Request,
  context: RouteContextLike,
  paramsSchema: S,
  handler: Handler<z.infer<S>>,
  options: RouteOptions,
): Promise<Response> {
  try {
    // The session is checked here, in every handler, not only in proxy.ts.
    const user = await requireUser();
    // A parameter the route does not take, or one given twice, is refused: odd input never reaches the upstream.
    const keys = [...new URL(request.url).searchParams.keys()];
    const unexpected = keys.find((key) => !options.query?.includes(key));
    if (unexpected !== undefined) return jsonError(400, `Unknown query parameter "${unexpected.slice(0, 40)}".`);
    const repeated = keys.find((key, index) => keys.indexOf(key) !== index);
    if (repeated !== undefined) return jsonError(400, `The parameter "${repeated}" is given more than once.`);
    const parsed = paramsSchema.safeParse((await context?.params) ?? {});
    if (!parsed.success) {
      const key = String(parsed.error.issues[0]?.path[0] ?? "");
      return jsonError(400, `${paramNames[key] ?? "The request"} must be a UUID.`);
    }
    const body = await handler(parsed.data, request, user);
    return body instanceof Response ? body : Response.json(body, { headers: noStore });
  } catch (error) {
    return errorResponse(error) ?? jsonError(500, "Something went wrong in the dashboard. Try again.");
  }
}

/** Wraps a GET handler: session, query and params checked first, errors mapped to statuses, one log line. */
export function apiRoute<S extends z.ZodType>(
  route: string,
  paramsSchema: S,
  handler: Handler<z.infer<S>>,
  options: RouteOptions = {},
) {
  return async (request: Request, context: RouteContextLike): Promise<Response> => {
    const started = performance.now();
    const run = runWithRequestContext(() => handle(request, context, paramsSchema, handler, options));
    const response = await run.result;
    if (response.status === 500) logLine("unhandled_error", { route });
    logLine("request", {
      route,
      status: response.status,
      upstreamStatus: run.context.upstreamStatus,
      durationMs: Math.round(performance.now() - started),
    });
    return response;
  };
}
