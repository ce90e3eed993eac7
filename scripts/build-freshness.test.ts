import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildIsStale } from "./build-freshness.mjs";

function project(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), "fe-build-"));
  mkdirSync(join(root, ".next"));
  for (const file of files) {
    mkdirSync(join(root, file, ".."), { recursive: true });
    writeFileSync(join(root, file), "x");
    utimesSync(join(root, file), 1_000, 1_000);
  }
  for (const folder of ["app", "components", "lib"]) mkdirSync(join(root, folder), { recursive: true });
  for (const folder of ["app", "components", "lib"]) utimesSync(join(root, folder), 1_000, 1_000);
  writeFileSync(join(root, ".next", "BUILD_ID"), "b");
  utimesSync(join(root, ".next", "BUILD_ID"), 2_000, 2_000);
  return root;
}

describe("buildIsStale", () => {
  it("is fresh when nothing changed after the build", () => {
    expect(buildIsStale(project(["proxy.ts", "lib/a.ts", "app/page.tsx"]))).toBe(false);
  });

  it.each(["proxy.ts", "instrumentation.ts", "next.config.mjs", "tsconfig.json", "lib/a.ts", "components/b.tsx"])(
    "rebuilds after %s changes",
    (file) => {
      const root = project([
        "proxy.ts",
        "instrumentation.ts",
        "next.config.mjs",
        "tsconfig.json",
        "lib/a.ts",
        "components/b.tsx",
      ]);
      utimesSync(join(root, file), 3_000, 3_000);
      expect(buildIsStale(root)).toBe(true);
    },
  );

  it("builds when there is no build", () => {
    const root = mkdtempSync(join(tmpdir(), "fe-build-"));
    expect(buildIsStale(root)).toBe(true);
  });
});
