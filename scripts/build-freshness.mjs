// Whether the production build is older than what `next build` compiles: the app's folders and every source and
// config file at the top of the project (proxy.ts, instrumentation.ts, next.config.mjs, tsconfig.json, the lockfile).
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const folders = ["app", "components", "lib", "public"];
const topLevelSource = /\.(ts|tsx|mjs|json)$/;

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

/** The newest change among the build's inputs under `root` (ms). */
export function newestSourceChange(root) {
  const files = readdirSync(root).filter((name) => topLevelSource.test(name) && statSync(join(root, name)).isFile());
  return Math.max(0, ...[...folders, ...files].map((name) => newestMtime(join(root, name))));
}

/** True when there is no build, or any input changed after it was made. */
export function buildIsStale(root) {
  const buildId = join(root, ".next", "BUILD_ID");
  return !existsSync(buildId) || statSync(buildId).mtimeMs < newestSourceChange(root);
}
