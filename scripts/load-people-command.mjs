// `npm run load -- --people N` and `-- --flood` (scripts/load.mjs parses the flags): starts the stack with the
// people, runs, prints the tables and writes the JSON.
import { loadavg } from "node:os";
import { runMixedLoad, startPeopleStack } from "./load-people.mjs";
import { floodTable, floodVerdict, runTables, tailLine, writeResults } from "./load-report.mjs";

async function withStack(options, extraPeople, work) {
  const started = Date.now();
  console.log(
    `Starting ${options.instances} instance(s), funds of ${options.fundSizes.join(", ")} investors, ` +
      `${options.people + extraPeople} people…`,
  );
  const scene = await startPeopleStack({ ...options, people: options.people + extraPeople });
  try {
    console.log(`Ready in ${Math.round((Date.now() - started) / 1000)} s: ${scene.targets.length} targets.`);
    return await work(scene);
  } finally {
    await scene.stop();
  }
}

// The machine's 1-minute load average, this run's own processes included: how busy the cores were.
const load = () => Math.round(loadavg()[0] * 10) / 10;

const describe = (options) => ({
  instances: options.instances,
  people: options.people,
  connectionsPerPerson: options.connectionsPerPerson,
  fundSizes: options.fundSizes,
  seconds: options.seconds,
  timeoutSeconds: options.timeoutSeconds,
});

/** One run of N people over the mixed targets. */
export async function runPeopleCommand(options) {
  await withStack(options, 0, async (scene) => {
    console.log(`Running ${options.seconds} s…`);
    const run = await runMixedLoad(scene, options);
    const result = { mode: "people", options: describe(options), targets: scene.targets, run, load: load() };
    console.log(`\n${runTables(run)}\n\n${tailLine(run)}.\n(1-minute load average at the end: ${result.load})`);
    console.log(`\nWritten to ${writeResults(result)}`);
  });
}

/**
 * Run A (`people` of the scene alone) and run B (the same people while `flooder` holds `options.floodConnections`
 * connections on the biggest fund's page), with the verdict on their p99; `say` tells each run as it starts.
 */
export async function floodRuns(scene, { people, flooder }, options, say = console.log) {
  const crowd = { ...scene, people };
  // The first target is the biggest fund's page: the heaviest thing one person can ask for over and over.
  const flood = { person: flooder, target: scene.targets[0], connections: options.floodConnections };
  say(`Run A: ${people.length} people, ${options.seconds} s…`);
  const alone = { ...(await runMixedLoad(crowd, options)), load: load() };
  // Lets the last answers of run A drain before run B starts.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  say(`Run B: the same people and one flooding ${flood.target.name} with ${flood.connections} connections…`);
  const flooded = { ...(await runMixedLoad(crowd, { ...options, flood })), load: load() };
  return { alone, flooded, verdict: floodVerdict(alone, flooded) };
}

/** Run A (the people alone) and run B (the same people plus one person flooding the biggest fund's page). */
export async function runFloodCommand(options) {
  await withStack(options, 1, async (scene) => {
    const people = scene.people.slice(0, options.people);
    const { alone, flooded, verdict } = await floodRuns(scene, { people, flooder: scene.people.at(-1) }, options);
    console.log(`\nRun A, ${people.length} people alone:\n\n${runTables(alone)}`);
    console.log(`\nRun B, with the flood (its own row under the people's):\n\n${runTables(flooded)}`);
    console.log(`\nThe people, A beside B ("failed": non-2xx, errors and timeouts):\n\n${floodTable(alone, flooded)}`);
    console.log(
      `\nOverall p99 B/A: ${verdict.p99Ratio}× (goal ≤ ${verdict.goal}×: ${verdict.met ? "met" : "NOT met"}); ` +
        `1-minute load average after A ${alone.load}, after B ${flooded.load}.`,
    );
    const result = { mode: "flood", options: describe(options), targets: scene.targets, alone, flooded, verdict };
    console.log(`\nWritten to ${writeResults(result)}`);
  });
}
