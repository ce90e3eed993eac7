import { NextResponse, type NextRequest } from "next/server";
import { accessOf } from "./lib/access/server/access";
import { noAccessResponse, noAccessText, proxyAccess } from "./lib/auth/no-access";
import { clientAddress } from "./lib/auth/client-address";
import { proxyUser } from "./lib/auth/proxy-user";
import { sessionCookieName, verifySession } from "./lib/auth/verify-session";
import { authModeOf, serverEnv } from "./lib/server/env";
import { contentSecurityPolicy, strictContentSecurityPolicy } from "./lib/http/security-headers.mjs";
import { isWarmPass, warmPassHeader } from "./lib/auth/warm-pass.mjs";

// The only API paths that exist; a segment's format is checked by its route handler (400 for a bad id).
const apiRoutes = [
  /^\/api\/funds\/?$/,
  /^\/api\/fund-rows\/?$/,
  /^\/api\/funds\.(csv|xlsx)$/,
  /^\/api\/investors\.(csv|xlsx)$/,
  /^\/api\/investors\/?$/,
  /^\/api\/investors\/[^/]+\/?$/,
  /^\/api\/search\/?$/,
  /^\/api\/reconciliation\/?$/,
  /^\/api\/outstanding\/?$/,
  /^\/api\/outstanding\/(emails|funds)\/?$/,
  /^\/api\/outstanding\.(csv|xlsx)$/,
  /^\/api\/changes\/?$/,
  /^\/api\/changes\.(csv|xlsx)$/,
  /^\/api\/audit\/?$/,
  /^\/api\/audit\.(csv|xlsx)$/,
  /^\/api\/funds\/[^/]+\/changes\/?$/,
  /^\/api\/funds\/[^/]+\/reconciliation\/?$/,
  /^\/api\/funds\/[^/]+\/reconciliation\.(csv|xlsx)$/,
  /^\/api\/funds\/[^/]+\/investors\.(csv|xlsx)$/,
  /^\/api\/funds\/[^/]+\/?$/,
  /^\/api\/funds\/[^/]+\/sensitive\/?$/,
  /^\/api\/funds\/[^/]+\/investors\/?$/,
  /^\/api\/funds\/[^/]+\/investor-rows\/?$/,
  /^\/api\/funds\/[^/]+\/investors\/[^/]+\/?$/,
  /^\/api\/funds\/[^/]+\/investors\/[^/]+\/sensitive\/?$/,
  /^\/api\/funds\/[^/]+\/investors\/[^/]+\/neighbours\/?$/,
  /^\/api\/funds\/[^/]+\/investors\/[^/]+\/statement\.(pdf|csv|xlsx)$/,
  /^\/api\/funds\/[^/]+\/statements\.(zip|csv|xlsx)$/,
  /^\/api\/access\/revoke\/?$/,
  /^\/api\/access\/forget\/?$/,
  /^\/api\/alerts(\/deliveries)?\/?$/,
  /^\/api\/alerts\/[^/]+(\/rotate)?\/?$/,
  /^\/api\/alerts\/deliveries\/[^/]+\/resend\/?$/,
  /^\/api\/notes\/?$/,
  /^\/api\/notes\.(csv|xlsx)$/,
  /^\/api\/notes\/[^/]+\/?$/,
  /^\/api\/follow-ups\/?$/,
  /^\/api\/views\/?$/,
  /^\/api\/views\/[^/]+\/?$/,
];

// Reachable without a session: the sign-in page and the sign-in flow itself; an alert email's unsubscribe link (signed).
const publicPaths = [/^\/login\/?$/, /^\/auth\//, /^(\/api)?\/alerts\/unsubscribe\/?$/];
// Asked by load balancers and orchestrators, which have no session and no proxy secret; they reveal no data.
const healthPaths = new Set(["/healthz", "/readyz"]);

function wellEncoded(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

// The proxy's own answers are no pages, whatever the path: they carry the strict policy.
const strictCsp = { "Content-Security-Policy": strictContentSecurityPolicy };

function json(status: number, error: string) {
  return NextResponse.json({ error }, { status, headers: { "Cache-Control": "private, no-store", ...strictCsp } });
}

function redirect(to: URL) {
  return NextResponse.redirect(to, { status: 303, headers: strictCsp });
}

/**
 * First gate of every request: unknown API paths answer JSON 404, requests without a session are sent to
 * /login (pages) or answered 401 (API), and pages get a per-request CSP nonce. Route handlers and server
 * data reads check the session again themselves.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (healthPaths.has(pathname)) return NextResponse.next();
  const isApi = pathname === "/api" || pathname.startsWith("/api/");
  if (!wellEncoded(pathname) || !wellEncoded(search)) return json(400, "The address is not validly percent-encoded.");
  // Next drops this key while parsing queries, so a route handler would never see it to refuse it.
  if (isApi && /(^|[?&])(__proto__|%5F%5Fproto%5F%5F)(=|&|$)/i.test(search))
    return json(400, "Unknown query parameter.");
  if (isApi && !apiRoutes.some((route) => route.test(pathname))) return json(404, "No such API route.");

  const mode = authModeOf(serverEnv());
  const warming = isWarmPass(request.headers.get(warmPassHeader));
  if (mode === "none" && !warming) {
    // Behind an authenticating proxy, a request without the proxy's secret is nobody's.
    const user = proxyUser(request.headers);
    if (!user) return json(401, "This dashboard answers only through its sign-in proxy.");
    if (!proxyAccess(user, clientAddress(request))) return noAccessResponse(isApi, user.email);
  }
  if ((mode === "local" || mode === "oidc") && !warming && !publicPaths.some((path) => path.test(pathname))) {
    const user = await verifySession(request.cookies.get(sessionCookieName())?.value);
    if (!user) {
      if (isApi) return json(401, "Sign in to use the dashboard.");
      const login = new URL("/login", request.url);
      login.searchParams.set("next", `${pathname}${search}`);
      return redirect(login);
    }
    // Signed in, but no rule grants them anything (a group removed at the provider since): the sign-in page says so.
    if (!accessOf(user)) {
      if (isApi) return json(403, noAccessText(user.email));
      return redirect(new URL("/login?error=no-access", request.url));
    }
  }
  // Route handlers' answers are no pages: next.config.mjs gives them the strict policy (nonPagePaths).
  if (isApi || pathname.startsWith("/auth/")) return NextResponse.next();

  const nonce = btoa(crypto.randomUUID());
  const csp = contentSecurityPolicy(nonce, process.env.NODE_ENV !== "production");
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  // Next reads the nonce from the request's CSP header and puts it on its own scripts.
  headers.set("Content-Security-Policy", csp);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", csp);
  return response;
}

export const config = {
  matcher: ["/((?!_next/static|_next/image|icon.svg|favicon.ico|screenshots/).*)"],
};
