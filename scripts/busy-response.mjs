// What a request refused by admission (scripts/admission.mjs) gets: JSON with Retry-After for the API and the
// client's fetches; for a page a person opened, a short page that says so and loads itself again once.
import { securityHeaders, strictContentSecurityPolicy } from "../lib/http/security-headers.mjs";

// Set on the first busy page, so its reload, if refused again, waits for the person instead of looping.
const retriedCookie = "fe_busy_retried";

function isPageVisit(req) {
  const path = (req.url ?? "/").split("?")[0];
  return (
    req.method === "GET" &&
    !path.startsWith("/api/") &&
    req.headers.rsc === undefined &&
    String(req.headers.accept ?? "").includes("text/html")
  );
}

// The page's only style, inline: it loads nothing else (no script, no stylesheet) while the server is busy.
const pageStyle =
  "body{font-family:ui-sans-serif,system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#18181b}" +
  "h1{font-size:1.25rem;font-weight:600}p{color:#3f3f46}a{color:#1d4ed8}" +
  "@media (prefers-color-scheme:dark){body{background:#09090b;color:#f4f4f5}p{color:#d4d4d8}a{color:#93c5fd}}";

function busyPage(retried, seconds) {
  const title = retried ? "Still busy" : "Busy, retrying…";
  const text = retried
    ? "The dashboard is still busy. Try again in a moment."
    : `The dashboard has more requests than it can start right now. This page loads again in ${seconds} s.`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Fund Explorer</title><style>${pageStyle}</style>${
    retried ? "" : `<meta http-equiv="refresh" content="${seconds}">`
  }</head><body><main><h1>${title}</h1><p role="status">${text}</p><p><a href="">Try again now</a></p></main></body></html>`;
}

/** Answers a refused request: `refusal` has status, message and retryAfterSeconds. */
export function sendRefusal(req, res, refusal) {
  const headers = {
    ...Object.fromEntries(securityHeaders.map(({ key, value }) => [key, value])),
    "Cache-Control": "private, no-store",
    "Retry-After": String(refusal.retryAfterSeconds),
    // The JSON refusal's; the busy page replaces it with its own (an inline style, nothing else).
    "Content-Security-Policy": strictContentSecurityPolicy,
  };
  if (refusal.status === 503 && isPageVisit(req)) {
    const retried = String(req.headers.cookie ?? "").includes(`${retriedCookie}=1`);
    const body = busyPage(retried, refusal.retryAfterSeconds);
    res.writeHead(503, {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      "Set-Cookie": `${retriedCookie}=1; Path=/; Max-Age=30; HttpOnly; SameSite=Lax`,
    });
    res.end(body);
    return;
  }
  res.writeHead(refusal.status, { ...headers, "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: refusal.message }));
}
