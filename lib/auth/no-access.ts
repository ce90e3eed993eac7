import "server-only";
import { LRUCache } from "lru-cache";
import type { SessionUser } from "./session-token";
import { auditSignIn } from "./sign-in-audit";
import { processWide } from "../server/process-wide";
import type { Access } from "../access/types";
import { accessOf } from "../access/server/access";
import { noteAccess } from "../access/server/recent-people";

/** What a person no rule admits is told, on the sign-in page, the proxy's refusal page and in JSON. */
export function noAccessText(email?: string): string {
  const account = email ? `Your account ${email}` : "Your account";
  return `${account} has no access to Fund Explorer. Ask an administrator to add you to a group.`;
}

// A refused person's proxy names them on every request: one audit row per person per this long.
const refusalQuietMs = 5 * 60_000;

/** The proxy's person's access now, noted for /access; a refusal writes a sign_in_refused row now and then. */
export function proxyAccess(user: SessionUser, clientAddress: string | null): Access | null {
  const access = accessOf(user);
  noteAccess(user);
  const refused = processWide("proxy-refusals", () => new LRUCache<string, true>({ max: 10_000, ttl: refusalQuietMs }));
  const key = user.email.toLowerCase();
  if (!access && !refused.has(key)) {
    refused.set(key, true);
    auditSignIn(user.email, "proxy", false, "no access rule matches their groups", clientAddress);
  }
  return access;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

// The page's only style, inline: it loads nothing else.
const pageStyle =
  "body{font-family:ui-sans-serif,system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#18181b}" +
  "h1{font-size:1.25rem;font-weight:600}p{color:#3f3f46}" +
  "@media (prefers-color-scheme:dark){body{background:#09090b;color:#f4f4f5}p{color:#d4d4d8}}";

/** 403 for a person the proxy vouches for but no rule admits: JSON for the API, a short page that says so else. */
export function noAccessResponse(api: boolean, email: string): Response {
  const headers = { "Cache-Control": "private, no-store" };
  if (api) return Response.json({ error: noAccessText(email) }, { status: 403, headers });
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>No access · Fund Explorer</title><style>${pageStyle}</style></head><body><main><h1>No access</h1><p role="alert">${escape(noAccessText(email))}</p></main></body></html>`;
  return new Response(body, {
    status: 403,
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    },
  });
}
