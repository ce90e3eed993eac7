// Who a raw request is for, as far as sharing the server fairly goes: the person a valid session cookie (or the
// authenticating proxy) names, else the client's address. A forged cookie names nobody, so it cannot buy lanes.
import { timingSafeEqual } from "node:crypto";
import { jwtDecrypt } from "jose";
import { LRUCache } from "lru-cache";
import { sessionKeyFrom } from "../lib/auth/session-key.mjs";

const sessionCookies = new Set(["fe_session", "__Host-fe_session"]);
// A cookie is opened once, not on every request it comes with.
const opened = new LRUCache({ max: 10_000 });

function sessionTokenOf(cookieHeader) {
  for (const part of String(cookieHeader ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at !== -1 && sessionCookies.has(part.slice(0, at).trim())) return part.slice(at + 1).trim();
  }
  return null;
}

async function emailOf(token, secret) {
  const known = opened.get(token);
  if (known !== undefined) return known;
  const email = await jwtDecrypt(token, await sessionKeyFrom(secret), { keyManagementAlgorithms: ["dir"] }).then(
    ({ payload }) => (typeof payload.email === "string" ? payload.email.toLowerCase() : ""),
    () => "",
  );
  opened.set(token, email);
  return email;
}

function sameSecret(given, expected) {
  const a = Buffer.from(String(given));
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** "user:<email>", "proxy:<name>" or "address:<client address>"; `env` is the process environment. */
export async function personOf(headers, address, env = process.env) {
  const token = sessionTokenOf(headers.cookie);
  if (token && env.DASHBOARD_SESSION_SECRET) {
    const email = await emailOf(token, env.DASHBOARD_SESSION_SECRET);
    if (email) return `user:${email}`;
  }
  const proxySecret = headers["x-dashboard-proxy-secret"];
  const userHeader = env.DASHBOARD_PROXY_USER_HEADER?.toLowerCase();
  if (proxySecret && env.DASHBOARD_PROXY_SECRET && userHeader && sameSecret(proxySecret, env.DASHBOARD_PROXY_SECRET)) {
    const name = String(headers[userHeader] ?? "").trim();
    if (name) return `proxy:${name.slice(0, 320)}`;
  }
  return `address:${address}`;
}
