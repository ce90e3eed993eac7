// What the upstream alone needs to send every fund's investor list, a few at a time: the directory's floor.
// Also a plain script: node e2e/bench/upstream-baseline.mjs <customer-api-url> <token> [concurrency]
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import pLimit from "p-limit";

/**
 * GET /customerapi/funds, then every fund's /investors at `concurrency` at once (p-limit, as the server's directory
 * does), with Node's fetch (the server's client too), the same bearer token and Accept header, each body read to
 * its last byte and dropped (with `parse`, parsed first: one JSON.parse of the whole list). Times are ms from the
 * first request; throws on any non-200 answer.
 */
export async function upstreamBaseline({ url, token, concurrency, parse = false }) {
  const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
  let bytes = 0;
  const read = async (path, keep = false) => {
    const res = await fetch(`${url}${path}`, { headers, cache: "no-store" });
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    const chunks = [];
    for await (const chunk of res.body) {
      bytes += chunk.length;
      if (keep) chunks.push(chunk);
    }
    return chunks;
  };
  const started = performance.now();
  const funds = JSON.parse(Buffer.concat(await read("/customerapi/funds", true)).toString("utf8"));
  const listedMs = performance.now() - started;
  const limit = pLimit(concurrency);
  await Promise.all(
    funds.map((fund) =>
      limit(async () => {
        const chunks = await read(`/customerapi/funds/${encodeURIComponent(fund.id)}/investors`, parse);
        if (parse) JSON.parse(Buffer.concat(chunks).toString("utf8"));
      }),
    ),
  );
  return { ms: performance.now() - started, listedMs, funds: funds.length, bytes, parsed: parse };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [url, token, concurrency = "6"] = process.argv.slice(2);
  if (!url || !token) {
    console.error("usage: node e2e/bench/upstream-baseline.mjs <customer-api-url> <token> [concurrency]");
    process.exit(2);
  }
  const run = await upstreamBaseline({ url: url.replace(/\/$/, ""), token, concurrency: Number(concurrency) });
  console.log(
    `${run.funds} lists, ${(run.bytes / 2 ** 20).toFixed(1)} MB, ${concurrency} at a time: ${Math.round(run.ms)} ms ` +
      `(fund list ${Math.round(run.listedMs)} ms)`,
  );
}
