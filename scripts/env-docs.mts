// `npm run env-docs`: writes the table of docs/configuration.md and the whole of .env.example from the environment
// schema (lib/server/env.ts) and its descriptions (lib/server/env-docs.ts). With --check it writes nothing and
// exits 1 when either file differs from what it would write.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { envExample, withEnvTable } from "../lib/server/env-docs-render.ts";

const check = process.argv.includes("--check");
if (process.argv.slice(2).some((arg) => arg !== "--check")) {
  console.error("Usage: npm run env-docs [-- --check]");
  process.exit(2);
}

const files = [
  { path: "docs/configuration.md", render: withEnvTable },
  { path: ".env.example", render: () => envExample() },
];

const stale: string[] = [];
for (const { path, render } of files) {
  const file = fileURLToPath(new URL(`../${path}`, import.meta.url));
  const current = readFileSync(file, "utf8");
  let wanted: string;
  try {
    wanted = render(current);
  } catch (error) {
    // A variable without a description, or missing markers: say which, without a stack trace.
    console.error((error as Error).message);
    process.exit(1);
  }
  if (wanted === current) continue;
  stale.push(path);
  if (!check) writeFileSync(file, wanted);
}

if (check && stale.length > 0) {
  console.error(`Out of date: ${stale.join(", ")}. Run npm run env-docs and commit the result.`);
  process.exit(1);
}
console.log(stale.length === 0 ? "Configuration reference up to date." : `Wrote ${stale.join(", ")}.`);
