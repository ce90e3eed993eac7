// Scenario 9 (issue 24, warm start): what a freshly started server costs its first visitor. On its own demo API of
// funds of one size, each run starts a fresh server with and without its warm-up (WARM_START), times it to ready,
// then a fund's first visit on that fresh process against another fund's first visit once the process is warm.
import { launchBrowser } from "./browser-session.mjs";
import { getJson, result } from "./measure.mjs";
import { randomToken, startDemoApi, stopGroup } from "./servers.mjs";
import { freshProcessRun } from "./warm-run.mjs";

/** Funds all of one size, so any fund's first visit is the same work; the warm-up opens one of them. */
export const WARM_UPSTREAM = { funds: 4, perFund: 10_000 };
const TARGETS = { ratio: 1.2, readyMs: 10_000 };
const SCENARIO = "9 warm";
const MODES = [
  { key: "on", warmStart: true, label: "WARM_START=1" },
  { key: "off", warmStart: false, label: "WARM_START=0 (control)" },
];

const metText = (median, target) => (median === null ? "no data" : median <= target ? "met" : "not met");

/** The rows of one mode; targets count for the server as shipped (WARM_START=1), the control only names them. */
function modeRows(mode, runs) {
  const size = WARM_UPSTREAM.perFund.toLocaleString("en-US");
  const row = (id, name, unit, values, { target, extra = {}, note } = {}) => {
    const counted = mode.warmStart && target !== undefined;
    const made = result({
      id: `warm.${id}.${mode.key}`,
      scenario: SCENARIO,
      name: `${mode.label}: ${name}`,
      unit,
      runs: runs.map(values),
      target: counted ? { op: "<=", value: target } : null,
      extra,
      note,
    });
    if (target === undefined || counted) return made;
    const limit = `${target.toLocaleString("en-US")}${unit === "×" ? "×" : ` ${unit}`}`;
    const against = `against issue 24's target (≤ ${limit}): ${metText(made.median, target)}`;
    return { ...made, note: [made.note, against].filter(Boolean).join("; ") };
  };
  const visitRow = (part, name) => {
    const reread = runs.filter((run) => run[part].readBefore).length;
    return row(`${part}Visit`, name, "ms", (run) => run[part].ms, {
      extra: { marks: runs.map((run) => ({ fund: run[part].fund, ...run[part].marks })) },
      note: reread ? `${reread} of the visits found the list already read by that process` : undefined,
    });
  };
  const details = runs.map(({ fresh, warm, ...run }) => ({ ...run, freshFund: fresh.fund, warmFund: warm.fund }));
  return [
    row("ready", "fresh server, spawn → first 200 from /readyz", "ms", (run) => run.readyMs, {
      target: TARGETS.readyMs,
      extra: { runDetails: details },
    }),
    row("listening", "… of which spawn → server_listening (prepare, preload, warm-up)", "ms", (run) => run.listeningMs),
    ...(mode.warmStart
      ? [row("warmUp", "… of which the warm-up (its warm_start line's ms)", "ms", (run) => run.warmUp?.ms ?? null)]
      : []),
    visitRow(
      "fresh",
      `first visit of a ${size}-investor fund other than the warm-up's, on the fresh process → first rows painted`,
    ),
    visitRow("warm", `first visit of another ${size}-investor fund on the same process, now warm → first rows painted`),
    row("ratio", "fresh-process first visit ÷ warm-process first visit, per run", "×", (run) => run.ratio, {
      target: TARGETS.ratio,
    }),
    row("foreign", "CPU used by other processes during the run, share of all cores", "%", (run) => run.foreignCpuShare),
  ];
}

export async function warmStartScale({ dir, coldRuns, profileDir, log }) {
  const { funds, perFund } = WARM_UPSTREAM;
  const token = randomToken();
  log(`warm: demo API of ${funds} funds × ${perFund} investors; ${coldRuns} runs of fresh servers, warm-up on and off`);
  const api = await startDemoApi({ token, funds, perFund, admin: true, name: "demo-api-warm" });
  const appOptions = { dir, upstreamUrl: api.url, token, profileDir, env: {} };
  const browser = await launchBrowser();
  try {
    const candidates = (await getJson(`${api.url}/customerapi/funds`, { authorization: `Bearer ${token}` })).map(
      (fund) => fund.id,
    );
    const byMode = Object.fromEntries(MODES.map((mode) => [mode.key, []]));
    // The control visits the same funds as the warm-up runs: those the warm-up did not open.
    let warmedFund = null;
    for (let i = 0; i < coldRuns; i += 1) {
      for (const mode of MODES) {
        const name = `app-warm-${mode.key}-${i + 1}`;
        const options = { browser, api, appOptions, warmStart: mode.warmStart, candidates, exclude: warmedFund };
        const run = await freshProcessRun({ ...options, swap: i % 2 === 1, name });
        warmedFund = run.warmUp?.fundId ?? warmedFund;
        byMode[mode.key].push(run);
        const warmUp = run.warmUp
          ? `, warm-up ${run.warmUp.ok ? run.warmUp.ms : `failed (${run.warmUp.reason})`} ms`
          : "";
        log(
          `  ${mode.label} run ${i + 1}: ready ${run.readyMs} ms (listening ${run.listeningMs} ms${warmUp}); ` +
            `first visit fresh ${run.fresh.ms} ms, warm ${run.warm.ms} ms (${run.ratio}×); ` +
            `other processes ${run.foreignCpuShare}% of the CPU`,
        );
      }
    }
    return MODES.flatMap((mode) => modeRows(mode, byMode[mode.key]));
  } finally {
    await browser.close();
    await stopGroup(api.pid);
  }
}
