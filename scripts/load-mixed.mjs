// One bounded mixed load run: each person's connections spread over the targets, autocannon in a child process (the
// round-robin proxy may run in this one and must keep serving), the instances' memory and CPU read from /proc.
import { execFileSync, fork } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const clientScript = fileURLToPath(new URL("./load-client.mjs", import.meta.url));

/** Each target with the cookies of its connections: person p's connection k takes target (p·C + k) mod T. */
export function spreadConnections(people, targets, perPerson) {
  const cookies = targets.map(() => []);
  people.forEach((person, p) => {
    for (let k = 0; k < perPerson; k++) cookies[(p * perPerson + k) % targets.length].push(person.cookie);
  });
  return targets.map((target, i) => ({ ...target, cookies: cookies[i] })).filter((target) => target.cookies.length);
}

let ticksPerSecond;
/** A process's user + system CPU so far, in seconds (Linux /proc). */
export function cpuSeconds(pid) {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;
  // Fields after the command's closing parenthesis start at the 3rd: utime is the 14th, stime the 15th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ").at(-1).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** A process's resident memory now, in MB. */
export function rssMb(pid) {
  const kb = readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1];
  return Math.round(Number(kb) / 1024);
}

// A process that has exited reads as null rather than ending the run.
const tryRead = (read, pid) => {
  try {
    return read(pid);
  } catch {
    return null;
  }
};

/** Starts sampling each process's RSS every second; the returned function stops and gives peak RSS and CPU. */
export function watchProcesses(pids) {
  const started = Date.now();
  const cpuAtStart = pids.map((pid) => tryRead(cpuSeconds, pid));
  const peak = pids.map((pid) => tryRead(rssMb, pid) ?? 0);
  const sample = () => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i], tryRead(rssMb, pid) ?? 0)));
  const timer = setInterval(sample, 1000);
  return () => {
    clearInterval(timer);
    sample();
    const wall = (Date.now() - started) / 1000;
    return pids.map((pid, i) => {
      const cpu = (tryRead(cpuSeconds, pid) ?? NaN) - cpuAtStart[i];
      return {
        pid,
        peakRssMb: peak[i],
        cpuSeconds: Math.round(cpu * 10) / 10,
        cpuPercent: Math.round((cpu / wall) * 100),
      };
    });
  };
}

function inChild(plan) {
  return new Promise((resolve, reject) => {
    // Own flags, not the caller's (a test runner's loaders): room for many responses in flight.
    const child = fork(clientScript, [], { execArgv: ["--max-old-space-size=4096"] });
    child.once("message", resolve);
    child.once("error", reject);
    child.once("exit", (code) => code !== 0 && reject(new Error(`the load client exited with ${code}`)));
    child.send(plan);
  });
}

/**
 * Runs the people's connections over the targets for `seconds`, plus `flood.connections` connections of one other
 * person on `flood.target` when given; returns per-target statuses and latencies, and each watched process's usage.
 */
export async function runMixedLoad(scene, { connectionsPerPerson = 2, seconds = 30, timeoutSeconds = 10, flood } = {}) {
  const targets = spreadConnections(scene.people, scene.targets, connectionsPerPerson);
  const plan = { base: scene.base, seconds, timeoutSeconds, targets };
  if (flood) {
    const cookies = Array(flood.connections ?? 200).fill(flood.person.cookie);
    plan.flood = { name: `flood: ${flood.target.name}`, path: flood.target.path, cookies };
  }
  const stop = watchProcesses(scene.pids ?? []);
  const result = await inChild(plan);
  return { people: scene.people.length, connectionsPerPerson, seconds, ...result, processes: stop() };
}
