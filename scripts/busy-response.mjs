// What a request refused by admission (scripts/admission.mjs) gets: JSON with Retry-After for the API and the
// client's fetches; for a page a person opened, a short page that says so and loads itself again once.
import { securityHeaders } from "../lib/http/security-headers.mjs";

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

function busyPage(retried, seconds) {
  const title = retried ? "Still busy" : "Busy, retrying…";
  const text = retried
    ? "The dashboard is still busy. Try again in a moment."
    : `The dashboard has more requests than it can start right now. This page loads again in ${seconds} s.`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Fund Explorer</title>${
    retried ? "" : `<meta http-equiv="refresh" content="${seconds}">`
  }</head><body><main><h1>${title}</h1><p role="status">${text}</p><p><a href="">Try again now</a></p></main></body></html>`;
}

/** Answers a refused request: `refusal` has status, message and retryAfterSeconds. */
export function sendRefusal(req, res, refusal) {
  const headers = {
    ...Object.fromEntries(securityHeaders.map(({ key, value }) => [key, value])),
    "Cache-Control": "private, no-store",
    "Retry-After": String(refusal.retryAfterSeconds),
  };
  if (refusal.status === 503 && isPageVisit(req)) {
    const retried = String(req.headers.cookie ?? "").includes(`${retriedCookie}=1`);
    const body = busyPage(retried, refusal.retryAfterSeconds);
    res.writeHead(503, {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      "Set-Cookie": `${retriedCookie}=1; Path=/; Max-Age=30; HttpOnly; SameSite=Lax`,
    });
    res.end(body);
    return;
  }
  res.writeHead(refusal.status, { ...headers, "Content-Type": "application/json" });
  res.end(JSON.stringify({ error: refusal.message }));
}
