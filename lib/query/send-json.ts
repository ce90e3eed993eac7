/** What a write to the dashboard's own API answered: its body, or its error with the field and the body beside it. */
export type Sent<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; error: string; field: string | null; body: Record<string, unknown> | null };

/** Sends a change to one of the dashboard's own routes (POST, PATCH, DELETE) as JSON. */
export async function sendJson<T>(path: string, method: "POST" | "PATCH" | "DELETE", body?: unknown): Promise<Sent<T>> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!response)
    return { ok: false, status: 0, error: "The dashboard could not be reached. Try again.", field: null, body: null };
  const answer = (await response.json().catch(() => null)) as (Record<string, unknown> & { error?: unknown }) | null;
  if (response.ok) return { ok: true, value: answer as T };
  return {
    ok: false,
    status: response.status,
    error: typeof answer?.error === "string" ? answer.error : `The dashboard answered HTTP ${response.status}.`,
    field: typeof answer?.field === "string" ? answer.field : null,
    body: answer,
  };
}
