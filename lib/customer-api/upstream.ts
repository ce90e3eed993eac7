import "server-only";
import { createHmac } from "node:crypto";
import { deploymentSecret } from "../server/deployment-secret";
import { logLine } from "../server/log";
import { serverEnv, type ServerEnv } from "../server/env";
import { processWide } from "../server/process-wide";
import { sourceConfigs, type SourceConfig, tokenOf } from "./sources";

export interface Upstream {
  /** The source's name. */
  name: string;
  mode: "demo" | "upstream";
  baseUrl: string;
  token: string;
  /**
   * A keyed hash of the source's base URL and token (never the token): what its kept reads are filed under, so a
   * changed token or address never serves what another one read. The embedded demo's is of its seed.
   */
  fingerprint: string;
  env: ServerEnv;
}

/** The keyed hash a source's reads are kept under. */
export function fingerprintOf(identity: string): string {
  return createHmac("sha256", deploymentSecret()).update(`source\u0000${identity}`).digest("base64url").slice(0, 22);
}

async function resolveUpstream(config: SourceConfig): Promise<Upstream> {
  const env = serverEnv();
  if (config.kind === "upstream") {
    const token = tokenOf(config);
    const fingerprint = fingerprintOf(`${config.baseUrl}\u0000${token}`);
    return { name: config.name, mode: "upstream", baseUrl: config.baseUrl, token, fingerprint, env };
  }
  // No upstream configured: serve the built-in demo API on loopback and reach it over HTTP like a real one. Its
  // token is drawn anew each start, but its data follows from the seed: what was kept of it serves after a restart.
  const { startDemoApi, defaultDemoConfig } = await import("../demo-api/server");
  // With its past (lib/demo-api/past.ts): a fresh store is filled with it at the first start.
  const demo = await startDemoApi({ ...defaultDemoConfig(), seed: env.DEMO_SEED, past: true });
  logLine("demo_api_started", { url: demo.url });
  const fingerprint = fingerprintOf(`demo\u0000${env.DEMO_SEED}`);
  return { name: config.name, mode: "demo", baseUrl: demo.url, token: demo.token, fingerprint, env };
}

/** A configured source by name, resolved once per process (the embedded demo started on first use). */
export function getUpstream(name: string): Promise<Upstream> {
  const config = sourceConfigs().find((source) => source.name === name);
  if (!config) return Promise.reject(new Error(`No source is named ${name}.`));
  return processWide(`upstream:${name}`, () => resolveUpstream(config));
}

/** Every configured source, resolved (at start: a missing token stops the server with one line). */
export function allUpstreams(): Promise<Upstream[]> {
  return Promise.all(sourceConfigs().map((config) => getUpstream(config.name)));
}
