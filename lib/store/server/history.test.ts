import { describe, expect, it } from "vitest";
import { fundFiguresHistory, positionHistory, positionsHistory } from "./history";
import { at, investor, suiteStore, type TestDriver } from "./test-stores";
import { recordFund } from "./writes";

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("history of kept values on %s", (driver) => {
  const suite = suiteStore(driver);
  const list = suite.list;

  it("gives one point per distinct read holding the investor, exact strings, oldest first", async () => {
    const big = "12345678901234567.89";
    await list("one", "o1", "2026-11-10T02:00:00Z", [investor("i-1", { contributed_amount: "0.00" })]);
    // The same content seen again is a sighting, not a point.
    await list("one", "o1", "2026-11-11T02:00:00Z", [investor("i-1", { contributed_amount: "0.00" })]);
    await list("one", "o2", "2026-11-12T02:00:00Z", [investor("i-2")]);
    await list("one", "o3", "2026-11-13T02:00:00Z", [investor("i-1", { contributed_amount: big })]);
    const points = await positionHistory("one", "i-1", suite.store());
    expect(points.map((point) => point.at)).toEqual([at("2026-11-10T02:00:00Z"), at("2026-11-13T02:00:00Z")]);
    expect(points.map((point) => point.values.contributed_amount)).toEqual(["0.00", big]);
    expect(points[0]!.values).toMatchObject({ commitment_amount: "1000.00", total_received: null });
    expect(await positionHistory("one", "nobody", suite.store())).toEqual([]);
  });

  it("sums one investor's funds at the union of their read times, each fund's last value carried forward", async () => {
    await list("a", "a1", "2026-11-01T00:00:00Z", [investor("x", { commitment_amount: "100.10" })]);
    await list("b", "b1", "2026-11-02T00:00:00Z", [investor("y", { commitment_amount: "0.01" })]);
    await list("a", "a2", "2026-11-03T00:00:00Z", [investor("x", { commitment_amount: "200.10" })]);
    // Fund b's next read no longer holds the investor: from then on it adds nothing.
    await list("b", "b2", "2026-11-04T00:00:00Z", [investor("z")]);
    const held = [
      { fundId: "a", investorId: "x" },
      { fundId: "b", investorId: "y" },
    ];
    const points = await positionsHistory(held, suite.store());
    expect(points.map((point) => [point.at.toISOString(), point.values.commitment_amount])).toEqual([
      ["2026-11-01T00:00:00.000Z", "100.10"],
      ["2026-11-02T00:00:00.000Z", "100.11"],
      ["2026-11-03T00:00:00.000Z", "200.11"],
      ["2026-11-04T00:00:00.000Z", "200.10"],
    ]);
  });

  it("reads the fund's own figures from its records", async () => {
    const fund = (digest: string, readAt: string, figures: Record<string, unknown>) =>
      recordFund({ fundId: "f", digest, readAt: at(readAt), fund: { id: "f", ...figures } }, suite.store());
    await fund("f1", "2026-11-05T00:00:00Z", { total_commitments: "1000.00", total_contributed: "10.5" });
    await fund("f2", "2026-11-06T00:00:00Z", { total_commitments: "1000.00", total_contributed: "20.25" });
    const points = await fundFiguresHistory("f", suite.store());
    expect(points.map((point) => point.values)).toEqual([
      { total_commitments: "1000.00", total_contributed: "10.5" },
      { total_commitments: "1000.00", total_contributed: "20.25" },
    ]);
  });
});
