import "server-only";
import { logLine } from "../server/log";
import { serverEnv, type ServerEnv } from "../server/env";
import { processWide } from "../server/process-wide";

export interface Upstream {
  mode: "demo" | "upstream";
  baseUrl: string;
  token: string;
  env: ServerEnv;
}

async function resolveUpstream(): Promise<Upstream> {
  const env = serverEnv();
  if (env.CUSTOMER_API_BASE_URL && env.CUSTOMER_API_TOKEN) {
    return { mode: "upstream", baseUrl: env.CUSTOMER_API_BASE_URL, token: env.CUSTOMER_API_TOKEN, env };
  }
  // No upstream configured: serve the built-in demo API on loopback and reach it over HTTP like a real one.
  const { startDemoApi, defaultDemoConfig } = await import("../demo-api/server");
  const demo = await startDemoApi({ ...defaultDemoConfig(), seed: env.DEMO_SEED });
  logLine("demo_api_started", { url: demo.url });
  return { mode: "demo", baseUrl: demo.url, token: demo.token, env };
}

/** The configured upstream, or the embedded demo API started once per process. */
export function getUpstream(): Promise<Upstream> {
  return processWide("upstream", resolveUpstream);
}
