// Measures how much CPU processes outside the bench used meanwhile: on a shared 2-core machine that skews every number.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function readProcs() {
  const procs = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // After the command: state(0) ppid(1) … utime(11) stime(12).
      procs.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // Exited while we looked.
    }
  }
  return procs;
}

/** The process root and all its descendants. */
function ownTree(procs, root = process.pid) {
  const own = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, proc] of procs) {
      if (!own.has(pid) && own.has(proc.ppid)) {
        own.add(pid);
        grew = true;
      }
    }
  }
  return own;
}

/**
 * Samples /proc every second and adds up the CPU time of every process that is not the bench or one of its
 * descendants (servers, Chromium). mark(label) closes a period; periods() gives each one's share of all cores.
 */
export function watchContention() {
  let last = readProcs();
  let foreignTicks = 0;
  let periodStart = { at: Date.now(), ticks: 0, label: "setup" };
  const periods = [];
  const sample = () => {
    const now = readProcs();
    const own = ownTree(now);
    for (const [pid, proc] of now) {
      const before = last.get(pid);
      if (own.has(pid)) continue;
      // A pid not seen a second ago started since: all of its CPU time falls in this period.
      if (!before) foreignTicks += proc.ticks;
      else if (before.ppid === proc.ppid) foreignTicks += Math.max(0, proc.ticks - before.ticks);
    }
    last = now;
  };
  const timer = setInterval(sample, 1000);
  timer.unref();
  const close = () => {
    sample();
    const seconds = (Date.now() - periodStart.at) / 1000;
    const cpuSeconds = (foreignTicks - periodStart.ticks) / TICKS_PER_SECOND;
    periods.push({
      label: periodStart.label,
      seconds: Math.round(seconds),
      foreignCpuSeconds: Math.round(cpuSeconds * 10) / 10,
      foreignShare: seconds > 0 ? Math.round((100 * cpuSeconds) / (seconds * os.cpus().length)) : 0,
    });
  };
  return {
    mark(label) {
      close();
      periodStart = { at: Date.now(), ticks: foreignTicks, label };
    },
    stop() {
      clearInterval(timer);
      close();
      return periods;
    },
  };
}

/** CPU time (user + system, in seconds) used so far by a process and its live descendants, e.g. npx → node. */
export function treeCpuSeconds(root) {
  const procs = readProcs();
  let ticks = 0;
  for (const pid of ownTree(procs, root)) ticks += procs.get(pid)?.ticks ?? 0;
  return ticks / TICKS_PER_SECOND;
}

/**
 * Waits until a process tree (the server and its store's process) used under 5 % of a core for two half-second
 * windows in a row, or until `deadline` (a performance.now() time); says whether it went quiet.
 */
export async function untilQuiet(pid, deadline) {
  let quiet = 0;
  let last = treeCpuSeconds(pid);
  while (quiet < 2 && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = treeCpuSeconds(pid);
    quiet = now - last < 0.025 ? quiet + 1 : 0;
    last = now;
  }
  return quiet >= 2;
}

/** CPU time (in seconds) every core has spent busy since boot, from /proc/stat: all but idle and iowait. */
function machineBusySeconds() {
  const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/**
 * Starts counting the CPU the rest of the machine uses (all cores' busy time less the bench's own process tree);
 * the returned function gives its share of all cores (%) since, for one measurement such as a directory build.
 */
export function foreignCpuMeter() {
  const started = Date.now();
  const busy = machineBusySeconds();
  const own = treeCpuSeconds(process.pid);
  return () => {
    const foreign = machineBusySeconds() - busy - (treeCpuSeconds(process.pid) - own);
    const seconds = (Date.now() - started) / 1000;
    return seconds > 0 ? Math.round((100 * Math.max(0, foreign)) / (seconds * os.cpus().length)) : 0;
  };
}
