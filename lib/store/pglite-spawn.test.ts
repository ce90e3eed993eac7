import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { pgliteFolder } from "../testing/pglite-folder";
import { earlyFolderExisted, startPgliteEarly, takeEarlyPgliteHost } from "./pglite-spawn.mjs";
import { StoreConnection } from "./server/connection";

const folders: string[] = [];
const scratch = () => {
  const folder = mkdtempSync(join(tmpdir(), "fe-early-"));
  folders.push(folder);
  return folder;
};

describe("the embedded store's process started before Next", () => {
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it("is taken once, by the store of the same folder, which opens and answers through it", async () => {
    const dir = pgliteFolder(scratch());
    startPgliteEarly(dir);
    expect(takeEarlyPgliteHost(join(scratch(), "other"))).toBeNull();
    expect(earlyFolderExisted(dir)).toBe(true);
    const store = new StoreConnection({ dir });
    try {
      // The folder existed (a copy of the template): a start then has kept reads to wait for.
      expect(store.startsEmpty).toBe(false);
      await store.open();
      expect(store.status().state).toBe("ready");
      // Taken by the store's open: a second open would start a process of its own.
      expect(takeEarlyPgliteHost(dir)).toBeNull();
    } finally {
      await store.close();
    }
  }, 60_000);

  it("tells the store a folder it made itself was not there before", async () => {
    const dir = join(scratch(), "new");
    startPgliteEarly(dir);
    const store = new StoreConnection({ dir });
    try {
      expect(store.startsEmpty).toBe(true);
      await store.open();
      expect(store.status().state).toBe("ready");
    } finally {
      await store.close();
    }
  }, 60_000);
});
