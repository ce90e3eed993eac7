// The production server: Next's request handler behind a first check of the raw request line, because
// Next itself answers some malformed addresses (bad %-escapes) with a bare 500 before any of our code runs,
// and resolves `..` segments into other routes. Those get a clear 400 here instead.
import { createServer } from "node:http";
import next from "next";
import { securityHeaders } from "../lib/security-headers.mjs";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.DASHBOARD_HOST || "127.0.0.1";

const headers = {
  "Content-Type": "application/json",
  "Cache-Control": "private, no-store",
  ...Object.fromEntries(securityHeaders.map(({ key, value }) => [key, value])),
};

/** What is wrong with a raw request target, or null when Next may have it. */
export function rawTargetProblem(target) {
  const [path, query = ""] = target.split(/\?(.*)/s);
  try {
    decodeURIComponent(path);
    for (const part of query.split("&")) decodeURIComponent(part.replace(/\+/g, " "));
  } catch {
    return "The address is not validly percent-encoded.";
  }
  const segments = path.split("/").slice(1);
  if (segments.slice(0, -1).some((segment) => segment === "")) return "The address has an empty path segment.";
  if (segments.some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return "The address has a . or .. segment.";
  if (/(^|&)(__proto__|constructor|prototype)(\[|%5B|=|&|$)/i.test(query)) return "The query has a forbidden parameter name.";
  return null;
}

const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();
const server = createServer((req, res) => {
  const problem = rawTargetProblem(req.url ?? "/");
  if (problem) {
    res.writeHead(400, headers).end(JSON.stringify({ error: problem }));
    return;
  }
  void handle(req, res);
}).listen(port, hostname, () => console.log(`▲ Fund Explorer ready on http://${hostname}:${port}`));

// Stop taking connections and exit normally, so exit hooks (a --cpu-prof profile, for one) still run.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close();
    process.exit(0);
  });
}
