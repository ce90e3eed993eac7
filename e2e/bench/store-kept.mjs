// The store scenario's first rows of a 10,000- and a 50,000-investor fund on a freshly started server, with an empty
// store and with one that already holds the funds' reads (kept read served at once), beside AG Grid Community's
// first rows of the same funds in the same browser (as in the aggrid scenario).
import { GRID, OURS } from "./aggrid-peer.mjs";
import { startGridServer } from "./aggrid-server.mjs";
import { launchBrowser, visit, visits } from "./browser-session.mjs";
import { getJson } from "./directory-build.mjs";
import { result, round, sleep } from "./measure.mjs";
import { startApp, stopGroup } from "./servers.mjs";
import { freshStore, logEvent, storeOpened, writesSettled } from "./store-kinds.mjs";

const TARGET = 0.5;
const label = (size) => size.toLocaleString("en-US");

/** Each visit on a server started just before it, on a store made by `storeFor` (a fresh one, or the kept one). */
async function coldVisits({ browser, appOptions, storeFor, fund, count, name }) {
  const marks = [];
  const warmed = [];
  for (let i = 0; i < count; i += 1) {
    const store = await storeFor();
    const app = await startApp({ ...appOptions, env: { ...appOptions.env, ...store.env }, name });
    try {
      const { context, marks: visitMarks } = await visit(browser, `${app.url}/funds/${fund.id}`, OURS.target);
      marks.push(visitMarks);
      warmed.push(logEvent(name, "store_warmed"));
      await context?.close();
    } finally {
      await stopGroup(app.groupPid);
      if (store.fresh) await store.stop();
    }
  }
  return { marks, warmed };
}

export async function keptFirstRows({ api, token, funds, appOptions, runs, warmup, bigRuns, coldRuns, log }) {
  const grid = await startGridServer({ funds, source: { url: api.url, token } });
  const browser = await launchBrowser();
  // One store that holds every fund's read: a server's directory read it (the organization and each list kept).
  const kept = await freshStore("pglite");
  const results = [];
  try {
    const app = await startApp({ ...appOptions, env: { ...appOptions.env, ...kept.env }, name: "app-store-keeping" });
    for (let page = null; !page?.complete; await sleep(250))
      page = (await getJson(`${app.url}/api/investors?offset=0&limit=1`)).body;
    const settledMs = await writesSettled(kept, app);
    storeOpened(kept, "app-store-keeping");
    await stopGroup(app.groupPid);
    log(`  kept reads of ${funds.map((fund) => label(fund.size)).join(" and ")} written (settled ${settledMs} ms)`);
    const fresh = async () => Object.assign(await freshStore("pglite"), { fresh: true });
    for (const fund of funds) {
      const count = (fund.size >= 50_000 ? bigRuns : runs) + warmup;
      const common = { browser, appOptions, fund, count: coldRuns };
      const empty = await coldVisits({ ...common, storeFor: fresh, name: "app-store-cold-empty" });
      const held = await coldVisits({ ...common, storeFor: () => kept, name: "app-store-cold-kept" });
      const peer = await visits(browser, `${grid.url}/funds/${fund.id}`, GRID.target, count);
      const rowsOf = (marks) => marks.map((mark) => round(mark.rowsFrame));
      const row = (id, name, values, extra = {}) =>
        result({ id: `store.${id}.${fund.size}`, scenario: "8 store", unit: "ms", name, ...values, ...extra });
      const emptyRow = row(
        "firstRowsEmpty",
        `our fund page, first visit on a fresh server process, empty store → first rows painted, ${label(fund.size)} investors`,
        { runs: rowsOf(empty.marks) },
        { extra: { marks: empty.marks } },
      );
      const keptRow = row(
        "firstRowsKept",
        `our fund page, first visit on a fresh server process whose store holds the fund's read → first rows painted, ${label(fund.size)} investors`,
        { runs: rowsOf(held.marks) },
        { extra: { marks: held.marks, storeWarmed: held.warmed } },
      );
      const peerRow = row(
        "gridFirstRows",
        `AG Grid Community ${grid.version}: navigation → first rows painted, ${label(fund.size)} investors`,
        { runs: rowsOf(peer.marks.slice(warmup)), warmup: rowsOf(peer.marks.slice(0, warmup)) },
        { extra: { marks: peer.marks, jsonBytes: grid.bytes[fund.id] } },
      );
      await peer.open?.context.close();
      const ratio = (ours, measure, what) =>
        result({
          id: `store.ratio.${measure}.${fund.size}`,
          scenario: "8 store",
          name: `ours ÷ AG Grid: ${what}, ${label(fund.size)} investors`,
          unit: "×",
          runs: [ours.median !== null && peerRow.median ? round(ours.median / peerRow.median, 3) : null],
          target: { op: "<=", value: TARGET },
          extra: { comparison: { measure, label: what, size: fund.size, ours: ours.id, peer: peerRow.id } },
        });
      results.push(emptyRow, keptRow, peerRow);
      results.push(ratio(keptRow, "firstRowsKept", "first rows, ours cold (fresh server), store holding the read"));
      results.push(ratio(emptyRow, "firstRowsEmpty", "first rows, ours cold (fresh server), empty store"));
      log(
        `  ${label(fund.size)}: first rows on a fresh server: empty store ${emptyRow.median} ms, store holding the read ` +
          `${keptRow.median} ms; AG Grid ${peerRow.median} ms`,
      );
    }
  } finally {
    await browser.close();
    await grid.close();
    await kept.stop();
  }
  return results;
}
