// What each load target costs one instance: CPU ms and bytes per answer, one target at a time (4 connections,
// LOAD_COST_SECONDS each, default 6) on one instance behind the proxy. `node scripts/load-cost.mjs [name filter]`.
// Finds the heavy targets of the many-people run (`npm run load -- --people N`) before profiling them.
import autocannon from "autocannon";
import { cpuSeconds } from "./load-mixed.mjs";
import { startPeopleStack } from "./load-people.mjs";

function run(base, path, cookie, seconds) {
  let answers = 0;
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const requests = [{ method: "GET", path, headers: { cookie } }];
    const instance = autocannon({ url: base, connections: 4, duration: seconds, requests }, (error) =>
      error ? reject(error) : resolve({ answers, bytes }),
    );
    instance.on("response", (_client, _status, size) => {
      answers += 1;
      bytes += size;
    });
  });
}

const filter = process.argv[2] ?? "";
const seconds = Number(process.env.LOAD_COST_SECONDS ?? 6);
const stack = await startPeopleStack({ people: 1, instances: 1 });
try {
  const [pid] = stack.pids;
  console.log("| target | CPU ms per answer | KB per answer | answers |\n|---|--:|--:|--:|");
  for (const target of stack.targets.filter((candidate) => candidate.name.includes(filter))) {
    const before = cpuSeconds(pid);
    const { answers, bytes } = await run(stack.base, target.path, stack.people[0].cookie, seconds);
    const perAnswer = ((cpuSeconds(pid) - before) * 1_000) / Math.max(1, answers);
    console.log(
      `| ${target.name} | ${perAnswer.toFixed(1)} | ${(bytes / Math.max(1, answers) / 1024).toFixed(0)} | ${answers} |`,
    );
  }
} finally {
  await stack.stop();
}
