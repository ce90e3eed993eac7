import "server-only";
import { timingSafeEqual } from "node:crypto";
import { serverEnv } from "../server/env";
import type { SessionUser } from "./session-token";

export const proxySecretHeader = "x-dashboard-proxy-secret";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const controlCharacters = /[\u0000-\u001f\u007f]/;

/** The groups header's comma-separated names: blank, over-long or control-character names are dropped. */
export function groupsFromHeader(value: string | null): string[] {
  if (!value) return [];
  const names = value.split(",").map((name) => name.trim());
  return names.filter((name) => name !== "" && name.length <= 256 && !controlCharacters.test(name)).slice(0, 200);
}

/**
 * Behind an authenticating proxy (DASHBOARD_AUTH=none): the person named by DASHBOARD_PROXY_USER_HEADER, with the
 * groups of DASHBOARD_PROXY_GROUPS_HEADER, believed only when the request also carries the proxy's shared secret;
 * null for any other request.
 */
export function proxyUser(headers: Headers): SessionUser | null {
  const env = serverEnv();
  const secret = headers.get(proxySecretHeader);
  if (!secret || !env.DASHBOARD_PROXY_SECRET || !sameSecret(secret, env.DASHBOARD_PROXY_SECRET)) return null;
  const name = headers.get(env.DASHBOARD_PROXY_USER_HEADER ?? "")?.trim();
  if (!name || name.length > 320 || controlCharacters.test(name)) return null;
  const groups = env.DASHBOARD_PROXY_GROUPS_HEADER
    ? groupsFromHeader(headers.get(env.DASHBOARD_PROXY_GROUPS_HEADER))
    : [];
  return { email: name, sid: "", method: "proxy", issuedAt: 0, groups };
}
