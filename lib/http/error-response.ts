import "server-only";
import { Unauthenticated } from "../auth/session";
import { CustomerApiError } from "../customer-api/errors";
import { BadRequest, Conflict, Forbidden, PayloadTooLarge, ServiceUnavailable, TooManyRequests } from "./errors";

export const noStore = { "Cache-Control": "private, no-store" } as const;

export function jsonError(status: number, error: string, retryAfterSeconds?: number): Response {
  const headers = retryAfterSeconds === undefined ? noStore : { ...noStore, "Retry-After": String(retryAfterSeconds) };
  return Response.json({ error }, { status, headers });
}

/** The JSON answer for an error that is a value with a status; null for anything unexpected. */
export function errorResponse(error: unknown): Response | null {
  if (error instanceof CustomerApiError) return jsonError(error.status, error.message, error.retryAfterSeconds);
  if (error instanceof BadRequest) return jsonError(400, error.message);
  if (error instanceof Conflict) return jsonError(409, error.message);
  if (error instanceof Unauthenticated) return jsonError(401, error.message);
  if (error instanceof TooManyRequests) return jsonError(429, error.message, error.retryAfterSeconds);
  if (error instanceof Forbidden) return jsonError(403, error.message);
  if (error instanceof PayloadTooLarge) return jsonError(413, error.message);
  if (error instanceof ServiceUnavailable) return jsonError(503, error.message, error.retryAfterSeconds);
  return null;
}
