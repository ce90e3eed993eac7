// The multi-instance suite's stack and requests: two production instances, one demo API, one Redis and the
// round-robin proxy, started by the suite itself on free ports, so that it can stop and start Redis mid-test.
import type { MultiInstance } from "../../scripts/multi-instance.mjs";
import { postSignIn, rawRequest, type RawResponse } from "../support/raw-http";

export const olive = { email: "ops@example.com", password: "e2e-password-not-a-secret" };

export async function startStack(): Promise<MultiInstance> {
  // Loaded as the ES module it is (a static import would be compiled to require() here).
  const { startMultiInstance } = await import("../../scripts/multi-instance.mjs");
  return startMultiInstance({
    instances: 2,
    demoArgs: ["--fund-sizes", "10000,40", "--funds", "3", "--admin"],
    env: {
      // /readyz probes every 2 s here (15 s by default), so its test need not wait long.
      READINESS_PROBE_SECONDS: "2",
      INVESTOR_LIST_CACHE_SECONDS: "300",
    },
  });
}

/** Which instance answered (the proxy says so in X-Served-By). */
export const servedBy = (response: RawResponse) => String(response.headers["x-served-by"]);

/** A session cookie, signed in through `base` from a loopback address of the test's own. */
export async function signIn(base: string, from: string): Promise<string> {
  const response = await postSignIn(base, olive, from);
  if (response.status !== 200) throw new Error(`sign-in through ${base}: HTTP ${response.status} ${response.body}`);
  return [response.headers["set-cookie"] ?? []].flat()[0]!.split(";")[0]!;
}

export const get = (base: string, path: string, cookie?: string, headers: Record<string, string> = {}) =>
  rawRequest(base, path, "GET", { ...(cookie ? { cookie } : {}), ...headers });

export const signOut = (base: string, cookie: string) =>
  rawRequest(base, "/auth/logout", "POST", { cookie, "sec-fetch-site": "same-origin" });

/** The demo API's own answer, with the stack's token. */
export async function upstreamGet<T>(stack: MultiInstance, path: string): Promise<T> {
  const response = await fetch(`${stack.upstreamUrl}/customerapi${path}`, {
    headers: { Authorization: `Bearer ${stack.token}` },
  });
  return (await response.json()) as T;
}

/** Flips the demo API's fault switches (hang: 1 makes every call wait forever). */
export async function upstreamFaults(stack: MultiInstance, patch: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${stack.upstreamUrl}/__demo/control`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(patch),
  });
  if (!response.ok) throw new Error(`demo control: HTTP ${response.status}`);
}
