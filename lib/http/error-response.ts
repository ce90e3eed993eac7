import "server-only";
import { CustomerApiError } from "../customer-api/errors";
import { BadField, Conflict, HttpError } from "./errors";

export const noStore = { "Cache-Control": "private, no-store" } as const;

export function jsonError(status: number, error: string, retryAfterSeconds?: number): Response {
  const headers = retryAfterSeconds === undefined ? noStore : { ...noStore, "Retry-After": String(retryAfterSeconds) };
  return Response.json({ error }, { status, headers });
}

/** The HTTP status of an error that is a value with one; null for anything unexpected. */
export function statusOf(error: unknown): number | null {
  return error instanceof HttpError || error instanceof CustomerApiError ? error.status : null;
}

/** The JSON answer for an error that is a value with a status; null for anything unexpected. */
export function errorResponse(error: unknown): Response | null {
  if (error instanceof BadField)
    return Response.json({ error: error.message, field: error.field }, { status: 400, headers: noStore });
  if (error instanceof Conflict && error.extra)
    return Response.json({ ...error.extra, error: error.message }, { status: 409, headers: noStore });
  if (error instanceof CustomerApiError) return jsonError(error.status, error.message, error.retryAfterSeconds);
  if (error instanceof HttpError) return jsonError(error.status, error.message, error.retryAfterSeconds);
  return null;
}
