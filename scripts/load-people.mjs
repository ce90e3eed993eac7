// Many people on a multi-instance stack, for `npm run load -- --people N` and the multi-instance e2e suite: N local
// users in a temporary users file (each its own argon2id hash), each signed in from a loopback address of its own.
import argon2 from "argon2";
import pLimit from "p-limit";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { mixedTargets } from "./load-targets.mjs";
import { startMultiInstance } from "./multi-instance.mjs";

export { runMixedLoad, spreadConnections } from "./load-mixed.mjs";
export { mixedTargets };

/** The people's users file (DASHBOARD_USERS_FILE) and passwords; `remove` deletes the file. */
export async function makePeople(count) {
  const folder = mkdtempSync(join(tmpdir(), "fund-explorer-load-"));
  const people = Array.from({ length: count }, (_, i) => ({
    email: `person-${i + 1}@load.example`,
    name: `Load person ${i + 1}`,
    password: randomBytes(18).toString("base64url"),
    // Sign-in failures are limited per address: each person signs in from its own, as from its own machine.
    address: `127.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  }));
  // Each hash takes ~64 MB and 4 lanes: a few at once keeps 20 people to a second or two on 2 cores.
  const hashes = pLimit(4);
  const users = await Promise.all(
    people.map(({ email, name, password }) =>
      hashes(async () => ({ email, name, passwordHash: await argon2.hash(password, { type: argon2.argon2id }) })),
    ),
  );
  const usersFile = join(folder, "users.json");
  writeFileSync(usersFile, `${JSON.stringify(users, null, 2)}\n`);
  return { people, usersFile, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

function signIn(base, person) {
  const { hostname, port, origin } = new URL(base);
  const body = JSON.stringify({ email: person.email, password: person.password });
  const headers = {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    origin,
    "sec-fetch-site": "same-origin",
  };
  return new Promise((resolve, reject) => {
    const options = { hostname, port, path: "/auth/login", method: "POST", headers, localAddress: person.address };
    const req = request(options, (res) => {
      res.resume();
      const cookie = [res.headers["set-cookie"] ?? []].flat()[0]?.split(";")[0];
      if (res.statusCode === 200 && cookie) resolve(cookie);
      else reject(new Error(`sign-in of ${person.email} through ${base}: HTTP ${res.statusCode}`));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** Signs every person in through `base` (the proxy appends each one's own address to X-Forwarded-For). */
export function signInPeople(base, people) {
  // An instance checks 4 passwords at once and queues 32 (503 past that): sign-ins go a few at a time.
  const limit = pLimit(4);
  return Promise.all(people.map((person) => limit(async () => ({ ...person, cookie: await signIn(base, person) }))));
}

/**
 * Starts the demo API (one fund of each of `fundSizes`, then small ones), `instances` instances sharing Redis and
 * PostgreSQL behind the round-robin proxy, with `people` users signed in, and the mixed targets warmed up.
 */
export async function startPeopleStack({
  people = 20,
  instances = 2,
  fundSizes = [10_000, 2_000, 500],
  env = {},
  logDir = ".load/logs",
} = {}) {
  const made = await makePeople(people);
  let stack;
  try {
    stack = await startMultiInstance({
      instances,
      demoArgs: ["--fund-sizes", fundSizes.join(","), "--prewarm"],
      env: { ...env, DASHBOARD_USERS_FILE: made.usersFile },
      logDir,
    });
    const base = stack.proxyUrl;
    const signedIn = await signInPeople(base, made.people);
    const targets = await mixedTargets(base, signedIn[0].cookie, { funds: fundSizes.length, instances });
    const pids = stack.apps.map((app) => app.pid);
    const stop = async () => {
      await stack.stop();
      made.remove();
    };
    return { stack, base, people: signedIn, targets, pids, usersFile: made.usersFile, stop };
  } catch (error) {
    await stack?.stop();
    made.remove();
    throw error;
  }
}
