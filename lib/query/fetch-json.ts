/** An error answered by the dashboard's own /api routes: the status and the message meant for a person. */
export class ApiError extends Error {
  readonly status: number;
  /** When the server said to come back (Retry-After), in ms; null when it did not. */
  readonly retryAfterMs: number | null;

  constructor(status: number, message: string, retryAfterMs: number | null = null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

/** The server was too busy to start the request (503 with Retry-After): worth one retry after that wait. */
export function isBusy(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 503 && error.retryAfterMs !== null;
}

function retryAfterMsOf(response: Response): number | null {
  const seconds = Number(response.headers.get("Retry-After") ?? "");
  return response.headers.has("Retry-After") && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1_000 : null;
}

/** GET a same-origin JSON route; a non-2xx answer becomes an ApiError carrying the route's message. */
export async function fetchJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await fetchAnswer<T>(path, signal)).body;
}

/** fetchJson, with the answer's headers (what a route says of its body beside it). */
export async function fetchAnswer<T>(path: string, signal?: AbortSignal): Promise<{ body: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(path, { signal, headers: { Accept: "application/json" } });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "The dashboard could not be reached. Check your connection and try again.");
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      body && typeof body === "object" && "error" in body && typeof body.error === "string"
        ? body.error
        : `The dashboard answered HTTP ${response.status}.`;
    throw new ApiError(response.status, message, retryAfterMsOf(response));
  }
  return { body: body as T, headers: response.headers };
}

/** One full sensitive value of one record, fetched only when a person presses Reveal. */
export async function revealSecret(path: string, field: "tax_id" | "account_number"): Promise<string | null> {
  return (await fetchJson<{ field: string; value: string | null }>(`${path}?field=${field}`)).value;
}
