import "server-only";
import type { inferParserType, ParserMap } from "nuqs/server";
import type { z } from "zod";
import { requireUser } from "../auth/session";
import type { Principal } from "../data/principal";
import { logLine } from "../server/log";
import { errorResponse, jsonError, noStore } from "./error-response";
import { loadQuery } from "./query";
import { requestFacts } from "./request-facts";
import { runWithRequestContext } from "./request-context";

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
    return errorResponse(error) ?? jsonError(500, "Something went wrong in the dashboard. Try again.");
  }
}

/** Wraps a GET handler: session, path params and query checked first, errors mapped to statuses, one log line. */
export function apiRoute<S extends z.ZodType, Q extends ParserMap>(
  route: string,
  paramsSchema: S,
  queryParsers: Q,
  handler: Handler<z.infer<S>, inferParserType<Q>>,
) {
  return async (request: Request, context: RouteContextLike): Promise<Response> => {
    const started = performance.now();
    const run = runWithRequestContext(() => handle(request, context, paramsSchema, queryParsers, handler));
    const response = await run.result;
    if (response.status === 500) logLine("unhandled_error", { route });
    logLine("request", {
      route,
      status: response.status,
      upstreamStatus: run.context.upstreamStatus,
      durationMs: Math.round(performance.now() - started),
      requestId: requestFacts(request).requestId,
    });
    return response;
  };
}
