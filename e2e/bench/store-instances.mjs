// The store scenario's two instances on one PostgreSQL (scripts/multi-instance.mjs): how many times the upstream is
// asked for each fund's list while both serve the directory and fund pages, within one refresh interval.
import { performance } from "node:perf_hooks";
import { startMultiInstance } from "../../scripts/multi-instance.mjs";
import { proxyEnv } from "./auth.mjs";
import { getJson } from "./directory-build.mjs";
import { result, round, sleep, timedGet } from "./measure.mjs";
import { logDir } from "./servers.mjs";

const FUND_PAGES = 10;
const listPath = /^\/customerapi\/funds\/[^/]+\/investors$/;

/** Both instances asked for the directory every second until both say complete, and for a few funds' tables. */
export async function twoInstances({ funds, perFund, latencyMs, log }) {
  const stack = await startMultiInstance({
    instances: 2,
    demoArgs: [
      "--funds",
      String(funds),
      "--investors-per-fund",
      String(perFund),
      "--latency",
      String(latencyMs),
    ].concat(["--prewarm", "--admin"]),
    // The bench's proxy sign-in (as its own servers), not the stack's local users.
    env: { ...proxyEnv, DASHBOARD_USERS_FILE: "" },
    logDir: `${logDir}multi-instance`,
  });
  try {
    const fundList = await fetch(`${stack.upstreamUrl}/customerapi/funds`, {
      headers: { authorization: `Bearer ${stack.token}` },
    }).then((res) => res.json());
    await fetch(`${stack.upstreamUrl}/__demo/reset`, { method: "POST" });
    const started = performance.now();
    const pages = fundList.slice(0, FUND_PAGES).map((fund) => fund.id);
    const table = (url, id) => timedGet(`${url}/api/funds/${id}/investor-rows?offset=0&limit=100`);
    const directory = async (url) => {
      for (let page = null; !page?.complete;) {
        page = (await getJson(`${url}/api/investors?offset=0&limit=100`)).body;
        if (!page.complete) await sleep(1_000);
        if (performance.now() - started > 300_000) throw new Error("the directory was not complete within 5 minutes");
      }
      return round(performance.now() - started, 0);
    };
    // Each instance: its fund pages first (each read, or taken from the other's kept read), then its directory.
    const completeMs = await Promise.all(
      stack.apps.map(async ({ url }) => {
        await Promise.all(pages.map((id) => table(url, id)));
        return directory(url);
      }),
    );
    // The same fund pages again on both, once both directories are whole.
    await Promise.all(stack.apps.flatMap(({ url }) => pages.map((id) => table(url, id))));
    const windowMs = round(performance.now() - started, 0);
    const { paths } = await fetch(`${stack.upstreamUrl}/__demo/stats`).then((res) => res.json());
    const perFundReads = Object.entries(paths)
      .filter(([path]) => listPath.test(path))
      .map(([, count]) => count);
    const reads = perFundReads.reduce((sum, count) => sum + count, 0);
    const twice = perFundReads.filter((count) => count > 1).length;
    log(
      `  two instances: ${reads} list reads of ${fundList.length} funds (${twice} read more than once) in ${windowMs} ms; ` +
        `directories complete at ${completeMs.join(" / ")} ms`,
    );
    return [
      result({
        id: "store.instances.listReads",
        scenario: "8 store",
        name:
          `two instances on one PostgreSQL (scripts/multi-instance.mjs), both serving the directory and ${FUND_PAGES} fund ` +
          `tables: upstream reads of /customerapi/funds/{id}/investors (${fundList.length} funds, ${latencyMs} ms latency)`,
        unit: "reads",
        runs: [reads],
        target: { op: "<=", value: fundList.length },
        extra: { windowMs, completeMs, fundsReadTwice: twice, fundsRead: perFundReads.length, paths: undefined },
      }),
      result({
        id: "store.instances.window",
        scenario: "8 store",
        name: "… the window counted: from the first request until both directories were complete and the tables asked again",
        unit: "ms",
        runs: [windowMs],
      }),
    ];
  } finally {
    await stack.stop();
  }
}
