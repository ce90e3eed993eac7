// The peer's static server: AG Grid's bundle from node_modules, the page, and each fund's raw JSON, from memory.
import { readFileSync } from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { gridPageHtml } from "./aggrid-page.mjs";
import { freePort } from "./servers.mjs";
import { timedGet } from "./measure.mjs";

const require = createRequire(import.meta.url);
// The package's exports hide dist/; its CommonJS entry (dist/package/main.cjs.js) sits beside the bundles.
const bundlePath = join(dirname(require.resolve("ag-grid-community")), "..", "ag-grid-community.min.js");

/**
 * Reads each fund's investors once, as the raw JSON the Customer API sends (source: { url, token } of the upstream,
 * or the app's own whole-list route when there is none), so the browser never sees the token.
 */
async function prefetch(funds, source) {
  const bodies = new Map();
  for (const fund of funds) {
    const url = source.token
      ? `${source.url}/customerapi/funds/${fund.id}/investors`
      : `${source.url}/api/funds/${fund.id}/investors`;
    const headers = {
      accept: "application/json",
      "accept-encoding": "identity",
      ...(source.token ? { authorization: `Bearer ${source.token}` } : {}),
    };
    const res = await timedGet(url, { headers, keepBody: true });
    const count = res.status === 200 ? JSON.parse(res.body.toString("utf8")).length : null;
    if (count !== fund.size)
      throw new Error(`GET ${url} answered ${res.status} with ${count ?? "no"} investors, not ${fund.size}`);
    bodies.set(fund.id, res.body);
  }
  return bodies;
}

function send(res, status, type, body) {
  // No compression (on loopback it only costs time) and no caching: every fresh context loads everything again.
  res.writeHead(status, {
    "content-type": type,
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
}

/** Starts the server on a free loopback port; returns { url, version, bytes, close }. */
export async function startGridServer({ funds, source }) {
  const bundle = readFileSync(bundlePath);
  const { version } = JSON.parse(readFileSync(join(dirname(bundlePath), "package.json"), "utf8"));
  const bodies = await prefetch(funds, source);
  const server = http.createServer((req, res) => {
    const path = new URL(req.url, "http://localhost").pathname;
    const page = /^\/funds\/([^/]+)$/.exec(path);
    const data = /^\/data\/([^/]+)\.json$/.exec(path);
    if (path === "/favicon.ico") return send(res, 204, "image/x-icon", "");
    if (path === "/ag-grid-community.min.js") return send(res, 200, "text/javascript; charset=utf-8", bundle);
    if (page && bodies.has(decodeURIComponent(page[1])))
      return send(res, 200, "text/html; charset=utf-8", gridPageHtml(decodeURIComponent(page[1])));
    if (data && bodies.has(decodeURIComponent(data[1])))
      return send(res, 200, "application/json", bodies.get(decodeURIComponent(data[1])));
    return send(res, 404, "text/plain", "not found");
  });
  const port = await freePort();
  await new Promise((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    version,
    bundleBytes: bundle.length,
    bytes: Object.fromEntries([...bodies].map(([id, body]) => [id, body.length])),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
