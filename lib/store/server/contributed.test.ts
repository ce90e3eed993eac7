import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StoreConnection } from "./connection";
import { contributedByDay } from "./contributed";
import { at, testStore } from "./test-stores";
import { recordFund, recordFundsList } from "./writes";

const listed = (fundId: string, organization: string) => ({
  fundId,
  name: fundId,
  nameSort: fundId,
  search: fundId,
  organization,
  figures: {},
  capitalDueDay: null,
});
const everything = { whole: ["fp"], parts: [] };
const south = { whole: [], parts: [{ fingerprint: "fp", organization: "south" }] };

describe("the organization's total contributed per day", () => {
  let store: StoreConnection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await testStore("pglite"));
    await store.open();
  }, 60_000);
  afterAll(() => dispose());

  const fund = (fundId: string, digest: string, readAt: string, total_contributed: string) =>
    recordFund({ fundId, digest, readAt: at(readAt), fund: { id: fundId, total_contributed } }, store);

  it("is [] before anything was kept", async () => {
    expect(await contributedByDay(everything, 365, store)).toEqual([]);
  });

  it("carries each fund's last figure forward and sums exactly", async () => {
    const today = new Date();
    const day = (back: number) => new Date(today.getTime() - back * 86_400_000).toISOString().slice(0, 10);
    const model = [listed("a", "North"), listed("b", "South")];
    await recordFundsList({ listKey: "fp", readAt: new Date(), digest: "l", funds: [], model }, store);
    await fund("fp:a", "a1", `${day(2)}T01:00:00Z`, "12345678901234567.89");
    await fund("fp:b", "b1", `${day(1)}T01:00:00Z`, "0.10");
    await fund("fp:b", "b2", `${day(1)}T05:00:00Z`, "0.11");
    await fund("fp:a", "a2", `${day(0)}T00:00:00Z`, "12345678901234568.89");
    await fund("zz:other", "o1", `${day(1)}T01:00:00Z`, "5.00");
    expect(await contributedByDay(everything, 365, store)).toEqual([
      { day: day(2), total: "12345678901234567.89" },
      { day: day(1), total: "12345678901234568.00" },
      { day: day(0), total: "12345678901234569.00" },
    ]);
    expect(await contributedByDay(everything, 1, store)).toHaveLength(2);
    // Only the funds in scope: another scope's or source's reads never add to these totals.
    expect(await contributedByDay(south, 365, store)).toEqual([
      { day: day(1), total: "0.11" },
      { day: day(0), total: "0.11" },
    ]);
  });
});
