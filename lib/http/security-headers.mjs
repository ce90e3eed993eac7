// One list of security headers for every response: next.config.mjs applies it to Next's answers,
// scripts/server.mjs to the requests it refuses before Next, proxy.ts adds the per-request CSP to pages; every other
// answer carries the strict CSP.

/** Set by scripts/server.mjs on every request (any value a client sent is replaced): the client's address. */
export const clientAddressHeader = "x-fund-explorer-client-address";

/** Set by scripts/server.mjs on every request (any value a client sent is replaced): a fresh id, in logs and audit rows. */
export const requestIdHeader = "x-fund-explorer-request-id";

export const securityHeaders = [
  { key: "Referrer-Policy", value: "no-referrer" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** For every answer that is not a page (JSON, a file, a script, an image, an error): it may load or run nothing. */
export const strictContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Paths whose answers are never pages (route handlers, health checks, static files): next.config.mjs sends them the
 * strict policy, and proxy.ts gives its page policy to every other path. */
export const nonPagePaths = [
  "/api/:path*",
  "/auth/:path*",
  "/healthz",
  "/readyz",
  "/_next/static/:path*",
  "/_next/image",
  "/icon.svg",
  "/favicon.ico",
  "/screenshots/:path*",
];

/** A nonce-based policy: only our own scripts, and only those carrying this response's nonce. */
export function contentSecurityPolicy(nonce, development) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // React sets style attributes (column widths, virtual row offsets); no inline <style> comes from data.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

export const strictTransportSecurity = "max-age=63072000; includeSubDomains";
