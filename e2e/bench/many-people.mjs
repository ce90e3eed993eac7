// Issue 43 item 11's `many-people` scenario: the stack of `npm run load -- --people 100` and `-- --flood` (scripts/
// load-people.mjs: two instances on one PostgreSQL and one Redis behind the round-robin proxy, each person signed in
// from an address of their own) run from the bench, its figures as result rows with the targets.
import { floodRuns } from "../../scripts/load-people-command.mjs";
import { runMixedLoad, startPeopleStack } from "../../scripts/load-people.mjs";
import { tailCounts } from "../../scripts/load-report.mjs";
import { result, round } from "./measure.mjs";
import { logDir } from "./servers.mjs";

const SCENARIO = "many-people";
const PEOPLE = 100;
const CONNECTIONS_PER_PERSON = 2;
const FLOOD_PEOPLE = 20;
const FLOOD_CONNECTIONS = 200;
const TIMEOUT_SECONDS = 10;
const TARGETS = { refusedPercent: 5, tailTimes: 3, p99Ms: 5_000, floodRatio: 2 };

const failures = (figures) => figures.errors + figures.timeouts;
const refused = (figures) => figures.non2xx[429] + figures.non2xx[503];
const row = (id, name, unit, value, target, note, extra) =>
  result({ id: `${SCENARIO}.${id}`, scenario: SCENARIO, name, unit, runs: [value], target, note, extra });
const le = (value) => ({ op: "<=", value });

function peopleRows(run) {
  const { overall } = run;
  const tail = tailCounts(run, TARGETS.tailTimes);
  const steady = tailCounts(run, TARGETS.tailTimes, "steadyLatency");
  const who = `${run.people} people × ${run.connectionsPerPerson} connections, ${run.seconds} s`;
  const rss = run.processes.map((usage) => usage.peakRssMb);
  return [
    row(
      "people.errors",
      `${who}: connection errors and timeouts`,
      "requests",
      failures(overall),
      le(0),
      `${overall.errors} errors, ${overall.timeouts} timeouts (no answer in ${TIMEOUT_SECONDS} s) of ` +
        `${overall.requests} requests; non-2xx other than 429/503: ${overall.non2xx.other}`,
    ),
    row(
      "people.refused",
      `${who}: refusals (429 and 503), share of answers`,
      "%",
      round((100 * refused(overall)) / Math.max(1, overall.requests), 2),
      le(TARGETS.refusedPercent),
      `429: ${overall.non2xx[429]}, 503: ${overall.non2xx[503]} of ${overall.requests}`,
    ),
    row(
      "people.p99",
      `${who}: p99 of every answer`,
      "ms",
      overall.latency.p99,
      le(TARGETS.p99Ms),
      `p50 ${overall.latency.p50} ms, max ${overall.latency.max} ms`,
    ),
    row(
      "people.tail",
      `${who}: targets whose p99 ≤ ${TARGETS.tailTimes}× their p50 (every answer)`,
      "targets",
      tail.within,
      { op: ">=", value: tail.of },
      `of ${tail.of}; worst ${tail.worst.toFixed(2)}× (${tail.worstName}); over the answers after the first 3 s: ` +
        `${steady.within} of ${steady.of}, worst ${steady.worst.toFixed(2)}× (${steady.worstName})`,
      { targets: run.targets },
    ),
    row("people.rps", `${who}: answers a second`, "req/s", overall.rps, null, `${overall.requests} answers`),
    row(
      "people.rss",
      `${who}: peak RSS of an instance`,
      "MB",
      Math.max(...rss),
      null,
      `instances: ${rss.join(", ")} MB`,
    ),
  ];
}

function floodRows({ alone, flooded, verdict }) {
  const who = `the ${alone.people} people's`;
  const flood = flooded.flood;
  return [
    row(
      "flood.p99-ratio",
      `flood: ${who} p99 while one person floods a fund page with ${FLOOD_CONNECTIONS} connections ÷ their p99 alone`,
      "×",
      verdict.p99Ratio,
      le(TARGETS.floodRatio),
      `p99 ${flooded.overall.latency.p99} ÷ ${alone.overall.latency.p99} ms; p50 ${flooded.overall.latency.p50} and ` +
        `${alone.overall.latency.p50} ms; the flooder: ${refused(flood)} of ${flood.requests} answers refused`,
    ),
    row(
      "flood.errors",
      `flood: ${who} connection errors and timeouts, alone and with the flood`,
      "requests",
      failures(alone.overall) + failures(flooded.overall),
      le(0),
      `of ${alone.overall.requests + flooded.overall.requests} requests; refused: ${refused(alone.overall)} alone, ` +
        `${refused(flooded.overall)} with the flood`,
    ),
  ];
}

/**
 * One stack of two instances with PEOPLE + 1 people signed in: PEOPLE people × CONNECTIONS_PER_PERSON connections for
 * `seconds`, then the flood comparison with the first FLOOD_PEOPLE of them and the last person flooding.
 */
export async function manyPeople({ seconds, log }) {
  log(`many-people: two instances, PostgreSQL, Redis, round-robin proxy; ${PEOPLE + 1} people signing in`);
  const scene = await startPeopleStack({ people: PEOPLE + 1, instances: 2, logDir: `${logDir}many-people` });
  try {
    const options = { connectionsPerPerson: CONNECTIONS_PER_PERSON, seconds, timeoutSeconds: TIMEOUT_SECONDS };
    const people = scene.people.slice(0, PEOPLE);
    log(`  ${scene.targets.length} targets; ${PEOPLE} people × ${CONNECTIONS_PER_PERSON} connections, ${seconds} s`);
    const run = await runMixedLoad({ ...scene, people }, options);
    const { overall } = run;
    log(
      `  ${overall.requests} answers, p50 ${overall.latency.p50} / p99 ${overall.latency.p99} ms, refused ${refused(overall)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const flood = await floodRuns(
      scene,
      { people: people.slice(0, FLOOD_PEOPLE), flooder: scene.people.at(-1) },
      { ...options, floodConnections: FLOOD_CONNECTIONS },
      (line) => log(`  ${line}`),
    );
    log(`  flood: p99 with ÷ without ${flood.verdict.p99Ratio}×`);
    return [...peopleRows(run), ...floodRows(flood)];
  } finally {
    await scene.stop();
  }
}

/** How the many-people rows were taken, for results.md's method bullets (each row names its run's seconds). */
export function manyPeopleNote() {
  return (
    "Many people (issue 43 item 11; `--load-seconds`): `scripts/load-people.mjs`'s stack, as `npm run load -- " +
    "--people 100` and `--flood` start it: the demo API (`--fund-sizes 10000,2000,500 --prewarm`), one Redis, one " +
    "PostgreSQL, two instances of this checkout's `.next` (not the bench's copy) behind the round-robin proxy, " +
    `${PEOPLE + 1} local users each signed in from a loopback address of their own. ${PEOPLE} people × ` +
    `${CONNECTIONS_PER_PERSON} connections (autocannon in a child process) spread over the mixed targets, ${TIMEOUT_SECONDS} s ` +
    `timeout; then on the same stack ${FLOOD_PEOPLE} of them alone, and again while the last person holds ` +
    `${FLOOD_CONNECTIONS} connections on the biggest fund's page. Latencies count every answer (refusals ` +
    "included); the tail row also gives the steady count (answers after the first 3 s)."
  );
}
