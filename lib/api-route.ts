import "server-only";
import type { z } from "zod";
import { BadRequest } from "./bad-request";
import { CustomerApiError } from "./customer-api/errors";
import { logLine } from "./log";
import { runWithRequestContext } from "./request-context";

export const noStore = { "Cache-Control": "private, no-store" } as const;

const paramNames: Record<string, string> = { fundId: "Fund id", investorId: "Investor id" };

export function jsonError(status: number, error: string): Response {
  return Response.json({ error }, { status, headers: noStore });
}

interface RouteContextLike {
  params: Promise<unknown>;
}

/**
 * Wraps a GET handler: params checked with zod (a bad id answers 400 before any upstream call),
 * errors mapped to their status, one log line per request.
 */
export function apiRoute<S extends z.ZodType>(
  route: string,
  paramsSchema: S,
  handler: (params: z.infer<S>, request: Request) => Promise<unknown>,
) {
  return async (request: Request, context: RouteContextLike): Promise<Response> => {
    const started = performance.now();
    const { context: requestContext, result } = runWithRequestContext(async () => {
      const parsed = paramsSchema.safeParse((await context?.params) ?? {});
      if (!parsed.success) {
        const key = String(parsed.error.issues[0]?.path[0] ?? "");
        return jsonError(400, `${paramNames[key] ?? "The request"} must be a UUID.`);
      }
      try {
        const body = await handler(parsed.data, request);
        return body instanceof Response ? body : Response.json(body, { headers: noStore });
      } catch (error) {
        if (error instanceof CustomerApiError) return jsonError(error.status, error.message);
        if (error instanceof BadRequest) return jsonError(400, error.message);
        logLine("unhandled_error", { route, name: error instanceof Error ? error.name : typeof error });
        return jsonError(500, "Something went wrong in the dashboard. Try again.");
      }
    });
    const response = await result;
    logLine("request", {
      route,
      status: response.status,
      upstreamStatus: requestContext.upstreamStatus,
      durationMs: Math.round(performance.now() - started),
    });
    return response;
  };
}
