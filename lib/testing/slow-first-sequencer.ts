import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// The files that take longest, measured on the 2-core CI machine (seconds beside three workers and the checks). On a
// fresh clone vitest has no timings and starts the largest files first; these are small (a suite file several run,
// or a spawned script), so they started last and the run waited 50 s on one of them at its end.
const slowest = [
  "lib/fund-reads/server/kept-pglite.test.ts", // 53
  "scripts/snapshot.test.ts", // 45
  "lib/demo-api/identities.test.ts", // 40
  "lib/alerts/server/alerts.test.ts", // 38
  "lib/fund-reads/server/kept-postgres.test.ts", // 28
  "scripts/audit.test.ts", // 27
  "lib/store/server/instances.test.ts", // 21
  "lib/fund-reads/server/sources.test.ts", // 20
  "lib/fund-reads/server/warm.test.ts", // 20
  "lib/store/server/audit.test.ts", // 18
];

/** vitest's order (failed first, then longest), with the known slowest files ahead of the rest. */
export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const at = slowest.indexOf(relative(spec.project.config.root, spec.moduleId));
      return at === -1 ? slowest.length : at;
    };
    return sorted
      .map((spec, at) => ({ spec, at }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
