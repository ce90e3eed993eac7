import "server-only";
import { errorResponse, jsonError, noStore } from "../../http/error-response";
import { logLine } from "../../server/log";
import { FieldError } from "./subscriptions";

// How alerts' JSON routes answer a failure: a bad field as `{ "error", "field" }` (400), any other error with its
// status, and one log line per request, like apiRoute's.

export function alertsErrorResponse(error: unknown, fallback: string): Response {
  if (error instanceof FieldError)
    return Response.json({ error: error.message, field: error.field }, { status: 400, headers: noStore });
  return errorResponse(error) ?? jsonError(500, fallback);
}

/** Runs a write route's handler, answering its failure as alertsErrorResponse does, with one log line. */
export async function alertsWrite(
  route: string,
  fallback: string,
  handler: () => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  let response: Response;
  try {
    response = await handler();
  } catch (error) {
    response = alertsErrorResponse(error, fallback);
  }
  logLine("request", { route, status: response.status, durationMs: Math.round(performance.now() - started) });
  return response;
}
