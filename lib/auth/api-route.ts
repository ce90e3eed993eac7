import "server-only";
import type { inferParserType, ParserMap } from "nuqs/server";
import type { z } from "zod";
import { sameOrigin } from "./same-origin";
import { requireUser } from "./session";
import type { Principal } from "../data/principal";
import { logLine } from "../server/log";
import { errorResponse, jsonError, noStore } from "../http/error-response";
import { loadQuery } from "../http/query";
import { requestFacts } from "../http/request-facts";
import { runWithRequestContext } from "../http/request-context";

const paramNames: Record<string, string> = { fundId: "Fund id", investorId: "Investor id", key: "Investor key" };

interface RouteContextLike {
  params: Promise<unknown>;
}

/** What a handler gets: its path params and query, both checked, the request, and the signed-in person. */
export interface RouteInput<P, Q> {
  params: P;
  query: Q;
  request: Request;
  user: Principal;
}

type Handler<P, Q> = (input: RouteInput<P, Q>) => Promise<unknown>;

async function handle<S extends z.ZodType, Q extends ParserMap>(
  request: Request,
  context: RouteContextLike,
  paramsSchema: S,
  queryParsers: Q,
  handler: Handler<z.infer<S>, inferParserType<Q>>,
  failure = "Something went wrong in the dashboard. Try again.",
): Promise<Response> {
  try {
    // The session is checked here, in every handler, not only in proxy.ts.
    const user = await requireUser();
    const params = paramsSchema.safeParse((await context?.params) ?? {});
    if (!params.success) {
      const issue = params.error.issues[0];
      return jsonError(
        400,
        `${paramNames[String(issue?.path[0] ?? "")] ?? "The request"} ${issue?.message ?? "is malformed"}.`,
      );
    }
    // Odd input never reaches the upstream: an unknown, repeated or malformed parameter is a 400 here.
    const query = loadQuery(queryParsers, request);
    const body = await handler({ params: params.data, query, request, user });
    return body instanceof Response ? body : Response.json(body, { headers: noStore });
  } catch (error) {
    return errorResponse(error) ?? jsonError(500, failure);
  }
}

/** Runs a request in its request context and writes its one log line. */
function logged(route: string, request: Request, run: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const context = runWithRequestContext(run);
  return context.result.then((response) => {
    if (response.status === 500) logLine("unhandled_error", { route });
    logLine("request", {
      route,
      status: response.status,
      upstreamStatus: context.context.upstreamStatus,
      durationMs: Math.round(performance.now() - started),
      requestId: requestFacts(request).requestId,
    });
    return response;
  });
}

/** Wraps a GET handler: session, path params and query checked first, errors mapped to statuses, one log line. */
export function apiRoute<S extends z.ZodType, Q extends ParserMap>(
  route: string,
  paramsSchema: S,
  queryParsers: Q,
  handler: Handler<z.infer<S>, inferParserType<Q>>,
) {
  return (request: Request, context: RouteContextLike): Promise<Response> =>
    logged(route, request, () => handle(request, context, paramsSchema, queryParsers, handler));
}

/** What a write route says when it is refused for another origin, and when it fails unexpectedly. */
export interface WriteMessages {
  crossOrigin: string;
  failure: string;
}

/**
 * Wraps a POST or DELETE handler as apiRoute does a GET, from this dashboard's own pages only: another origin gets
 * 403 before the session is looked at; a bad field of the body is a 400 naming it (BadField).
 */
export function apiWrite<S extends z.ZodType>(
  route: string,
  paramsSchema: S,
  messages: WriteMessages,
  handler: Handler<z.infer<S>, Record<string, never>>,
) {
  return (request: Request, context: RouteContextLike): Promise<Response> =>
    logged(route, request, async () =>
      sameOrigin(request)
        ? handle(request, context, paramsSchema, {}, handler, messages.failure)
        : jsonError(403, messages.crossOrigin),
    );
}
