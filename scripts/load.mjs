// Load runs, loopback only, bounded (LOAD_SECONDS, default 30, per run).
// `npm run load`: one signed-in session, autocannon with 200 connections (LOAD_CONNECTIONS) for 3 runs (LOAD_RUNS)
// per target, on the demo API and one production server: /api/funds and a 10,000-investor fund's table (add
// `-- --full-list` for the whole-list proxy route too). `-- --instances 2`: the same session through the round-robin
// proxy in front of two instances sharing Redis and PostgreSQL (scripts/multi-instance.mjs), on the fund page and
// the table's first and deep pages (scripts/load-session.mjs).
// `npm run load -- --people N [--instances 2] [--connections-per-person 2] [--fund-sizes 10000,2000,500]`: N local
// users (a temporary users file), each signed in from its own address, their connections spread over the pages
// and APIs a person browses, all at once, one run (scripts/load-people.mjs); per target latencies and failures,
// each instance's peak RSS and CPU, and the JSON in .load/. `-- --flood [--people 20] [--flood-connections 200]`:
// run A, the people alone, then run B, the same people while one other person holds 200 connections on the
// biggest fund's page; their p50 and p99 side by side and the ratio of p99 (the goal: at most 2×).
import { parseArgs } from "node:util";
import { runFloodCommand, runPeopleCommand } from "./load-people-command.mjs";
import { runSessionLoad } from "./load-session.mjs";

const { values } = parseArgs({
  options: {
    instances: { type: "string" },
    "full-list": { type: "boolean" },
    people: { type: "string" },
    "connections-per-person": { type: "string" },
    "fund-sizes": { type: "string" },
    flood: { type: "boolean" },
    "flood-connections": { type: "string" },
  },
  strict: true,
});

function count(name, fallback) {
  const value = Number(values[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name} takes a whole number of at least 1, got "${values[name]}"`);
    process.exit(2);
  }
  return value;
}

function sizes() {
  const list = (values["fund-sizes"] ?? "10000,2000,500").split(",").map(Number);
  if (list.some((size) => !Number.isInteger(size) || size < 1)) {
    console.error(`--fund-sizes takes investor counts separated by commas, got "${values["fund-sizes"]}"`);
    process.exit(2);
  }
  return list;
}

const people = values.people !== undefined || values.flood;
if (!people) {
  await runSessionLoad({ instances: count("instances", 1), fullList: values["full-list"] ?? false });
} else {
  const options = {
    people: count("people", 20),
    // Several instances are what the people mode is about: two unless told otherwise.
    instances: count("instances", 2),
    connectionsPerPerson: count("connections-per-person", 2),
    fundSizes: sizes(),
    seconds: Number(process.env.LOAD_SECONDS ?? 30),
    timeoutSeconds: Number(process.env.LOAD_TIMEOUT_SECONDS ?? 10),
  };
  if (values.flood) await runFloodCommand({ ...options, floodConnections: count("flood-connections", 200) });
  else await runPeopleCommand(options);
}
process.exit(0);
