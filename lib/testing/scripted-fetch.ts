// Test helper: a fake fetch that answers from a script of responses and counts calls.
export type Scripted = { status: number; body: string; contentType?: string } | "hang" | "network-error";

export function json(status: number, body: unknown): Scripted {
  return { status, body: JSON.stringify(body) };
}

export function scriptedFetch(script: Scripted[] | ((call: number) => Scripted)) {
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(String(input));
    const step =
      typeof script === "function" ? script(calls.length) : script[Math.min(calls.length, script.length) - 1];
    if (!step) throw new Error("script exhausted");
    if (step === "network-error") throw new TypeError("fetch failed");
    if (step === "hang") {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    }
    return new Response(step.body, {
      status: step.status,
      headers: { "Content-Type": step.contentType ?? "application/json" },
    });
  }) as typeof fetch;
  return { fetch: fetchImpl, calls };
}
