// Starts every e2e server at once and prints "e2e servers ready" when each answers its URL. Playwright starts its
// webServer entries one after another (40–60 s for seven on the 2-core CI machine, each mostly waiting); this one
// entry starts them together. The list comes from the config as JSON in E2E_SERVERS: { name, command, url, env }.
// Playwright ends this process's group when the run ends, and with it every server.
import { spawn } from "node:child_process";
import { ensurePgliteTemplate } from "../../lib/store/pglite-template.mjs";

const servers = JSON.parse(process.env.E2E_SERVERS ?? "[]");
const template = process.env.E2E_PGLITE_TEMPLATE;
const started = Date.now();
const waiting = new Set(servers.map((server) => server.name));

function start(server) {
  const child = spawn("sh", ["-c", server.command], { env: { ...process.env, ...server.env }, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    if (!waiting.has(server.name)) return;
    console.error(`e2e server "${server.name}" exited before it answered (${signal ?? `exit ${code}`}): see .e2e/`);
    process.exit(1);
  });
}

// The servers with a store start from a copy of the template, made once while the others start (rather than by
// each of them at once: initdb takes 6.4 s of a core).
const seeded = (server) => server.command.includes("seed-store-folder");
for (const server of servers.filter((server) => !seeded(server))) start(server);
if (template) await ensurePgliteTemplate(template);
for (const server of servers.filter(seeded)) start(server);

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

// Named on stderr (which Playwright shows) while any is still silent, so a start that times out says which.
const slow = setInterval(() => console.error(`e2e servers still starting: ${[...waiting].join(", ")}`), 30_000);
await Promise.all(
  servers.map(async (server) => {
    while (!(await answers(server.url))) await new Promise((resolve) => setTimeout(resolve, 250));
    waiting.delete(server.name);
    console.log(`e2e server "${server.name}" answers after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }),
);
clearInterval(slow);
console.log("e2e servers ready");
// Stays up: Playwright stops the group (and the servers with it) when the run ends.
setInterval(() => {}, 1 << 30);
