// Warm before the first visitor: a starting server renders a fund page and a table page through its own handler,
// on a private loopback port, before it listens, so the first person does not pay for module loading and cold code.
import { createServer } from "node:http";
import { closeWarmPass, openWarmPass, warmPassHeader } from "../lib/auth/warm-pass.mjs";
import { clientAddressHeader } from "../lib/http/security-headers.mjs";

// A warm-up that cannot finish (an upstream down) gives up after this and the server listens anyway.
const warmLimitMs = 30_000;

// A page's sections that wait for the store (history, changes) are waited for too, so the store is open before the
// first visitor comes, but at most this long after the investor table has streamed (an empty store takes ~8 s).
const pageTableMarker = 'aria-label="Investors (scrollable)"';
const storeWaitMs = 6_000;
// A fund page names about 15 stylesheets and scripts; the cap only bounds a page gone wrong.
const maxAssets = 40;

/** The body's text; for a page, until it ends or storeWaitMs after its table (the rest is not waited for). */
async function readBody(response, marker) {
  if (!marker) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let giveUp = null;
  for (;;) {
    const next = reader.read();
    const { done, value } = await (giveUp ? Promise.race([next, giveUp]) : next);
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (!giveUp && text.includes(marker))
      giveUp = new Promise((resolve) => setTimeout(() => resolve({ done: true }), storeWaitMs).unref());
  }
  await reader.cancel().catch(() => {});
  return text;
}

async function visit(base, pass, path, accept, marker) {
  const response = await fetch(`${base}${path}`, {
    headers: { [warmPassHeader]: pass, Accept: accept },
    signal: AbortSignal.timeout(warmLimitMs),
  });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return readBody(response, marker);
}

/** Warms `handle` up; resolves with what it did (it never throws: a failed warm-up only logs). */
export async function warmStart(handle) {
  const started = Date.now();
  const pass = openWarmPass();
  const server = createServer((req, res) => {
    req.headers[clientAddressHeader] = "127.0.0.1";
    void handle(req, res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    // The first fund of the list: the same fund every start, and one a person is likely to open.
    const funds = JSON.parse(await visit(base, pass, "/api/funds", "application/json"));
    const fundId = Array.isArray(funds) && typeof funds[0]?.id === "string" ? funds[0].id : null;
    if (!fundId) return { ok: false, ms: Date.now() - started, reason: "no fund to open" };
    const fund = encodeURIComponent(fundId);
    const page = await visit(base, pass, `/funds/${fund}`, "text/html", pageTableMarker);
    await visit(base, pass, `/api/funds/${fund}/investor-rows?offset=0&limit=100`, "application/json");
    // The page's stylesheet and scripts too: the first paint waits for the stylesheet, and a fresh process's first
    // static answers were slower (files read, headers worked out for the first time).
    const assets = [...new Set(page.match(/\/_next\/static\/[\w\-./~]+\.(?:css|js)/g) ?? [])].slice(0, maxAssets);
    await Promise.all(assets.map((path) => visit(base, pass, path, "*/*")));
    return { ok: true, ms: Date.now() - started, fundId, assets: assets.length };
  } catch (error) {
    return { ok: false, ms: Date.now() - started, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    closeWarmPass();
    server.closeAllConnections();
    server.close();
  }
}
