import "server-only";
import { readRulesFile } from "../access/server/rules";
import { readUsersFile } from "../access/server/users";
import { authModeOf, readEnv } from "../server/env";
import { logLine } from "../server/log";
import { processWide } from "../server/process-wide";
import { sharedStore } from "../server/shared-store";
import { upstreamProbe } from "./upstream-probe";
import { storeStatus } from "../store/server";

export interface Readiness {
  ready: boolean;
  /** The first problem found, for a person reading a load balancer's log; null when ready. */
  problem: string | null;
  checks: { configuration: string; store: string; upstream: string; history: string };
}

// The detail (which variable, which file) goes to the log only: /readyz names no configuration value.
function configurationProblem(): string | null {
  try {
    const env = readEnv();
    if (authModeOf(env) === "local" && env.DASHBOARD_USERS_FILE) readUsersFile(env.DASHBOARD_USERS_FILE);
    if (env.ACCESS_RULES_FILE) readRulesFile(env.ACCESS_RULES_FILE);
    return null;
  } catch (error) {
    logLine("readiness_configuration", { reason: (error as Error).message.slice(0, 300) });
    return "The configuration is not valid (the server log says why).";
  }
}

async function storeProblem(): Promise<string | null> {
  const store = sharedStore();
  if (!store) return null;
  try {
    await store.client.ping();
    return null;
  } catch {
    return "The shared store (Redis) is unreachable.";
  }
}

/** The history store's state; a problem only with STORE_REQUIRED=1 (else the instance serves, degraded). */
function historyCheck(): { check: string; problem: string | null } {
  const status = storeStatus();
  const check =
    status.state === "ready"
      ? `ok (${status.driver})`
      : status.state === "unavailable"
        ? `unavailable: ${status.reason ?? "unknown"}`
        : status.state;
  const down = status.state === "unavailable" && readEnv().STORE_REQUIRED === "1";
  return { check, problem: down ? "The history store is unavailable (STORE_REQUIRED=1)." : null };
}

/** Whether this instance can serve: configuration valid, Redis reachable when configured, the upstream answering. */
export async function readiness(): Promise<Readiness> {
  const configuration = configurationProblem();
  const [store, upstream] = await Promise.all([storeProblem(), upstreamProbe()]);
  const history = historyCheck();
  const problem = configuration ?? store ?? history.problem ?? upstream.problem;
  const checks = {
    configuration: configuration ?? "ok",
    store: sharedStore() ? (store ?? "ok") : "not configured (single instance)",
    upstream: upstream.problem ?? "ok",
    history: history.check,
  };
  // One line when the answer changes, not one per load balancer check.
  const last = processWide("readiness-last", () => ({ problem: undefined as string | null | undefined }));
  if (last.problem !== problem) logLine("readiness_changed", { ready: problem === null, problem });
  last.problem = problem;
  return { ready: problem === null, problem, checks };
}
