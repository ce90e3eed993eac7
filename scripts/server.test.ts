import { describe, expect, it, vi } from "vitest";

vi.mock("next", () => ({ default: () => ({ getRequestHandler: () => () => {}, prepare: async () => {} }) }));
vi.mock("node:http", () => ({ createServer: () => ({ listen: () => ({}) }) }));

describe("rawTargetProblem", async () => {
  const { rawTargetProblem } = await import("./server.mjs");

  it("lets ordinary addresses through", () => {
    for (const target of ["/funds", "/funds?sort=target_size.desc&q=acme%20co", "/api/funds/3f0e8f5e-6c1a-4c55-9a53-0d7b5d1c2a10/investors", "/"]) {
      expect(rawTargetProblem(target), target).toBeNull();
    }
  });

  it("refuses bad escapes, dot segments, empty segments and prototype keys", () => {
    for (const target of ["/api/funds/%zz", "/api/funds/%", "/api/funds/%C0%AE", "/funds?q=%zz", "/api/funds/..", "/api/funds/%2e%2E/investors", "/api/./funds", "/api//funds", "/api/funds?__proto__=1", "/api/funds.csv?constructor%5Bprototype%5D=1"]) {
      expect(rawTargetProblem(target), target).not.toBeNull();
    }
  });
});
