import { describe, expect, it } from "vitest";
import { changesSince } from "./changes";
import { latestKeptList, unkeptFunds } from "./reads";
import { at, investor, suiteStore, type TestDriver } from "./test-stores";
import { recordFund, recordFundsList, recordReadFailure } from "./writes";

describe.each<[TestDriver]>([["pglite"], ["postgres"]])("changes between kept reads on %s", (driver) => {
  const suite = suiteStore(driver);
  const list = suite.list;
  const fund = (fundId: string, digest: string, readAt: string, figures: Record<string, unknown>) =>
    recordFund({ fundId, digest, readAt: at(readAt), fund: { id: fundId, ...figures } }, suite.store());

  it("diffs the newest read at or before the moment against the newest, exactly", async () => {
    const payer = investor("p-1", { contributed_amount: "0.00", commitment_amount: "12345678901234567.89" });
    const same = investor("p-2");
    const leaving = investor("p-3", { commitment_amount: "250.50" });
    await list("diff", "d1", "2026-11-18T02:00:00Z", [payer, same, leaving]);
    await fund("diff", "f1", "2026-11-18T02:00:00Z", { total_contributed: "100.00", investor_count: 3 });
    const paid = { ...payer, contributed_amount: "10000.00", investment_account: { tax_id: "•••••9999" } };
    const joining = investor("p-4", { commitment_amount: "1000.10" });
    // "1.0" and "1.00" are the same amount: no change, though the record's text differs.
    await list("diff", "d2", "2026-11-19T02:00:00Z", [paid, { ...same, commitment_amount: "1000.000" }, joining]);
    await fund("diff", "f2", "2026-11-19T02:00:00Z", { total_contributed: "10100.00", investor_count: 3 });
    const { funds, positions } = await changesSince(at("2026-11-18T12:00:00Z"), ["diff"], suite.store());
    expect(funds).toHaveLength(1);
    expect(funds[0]).toMatchObject({
      firstReadAt: at("2026-11-18T02:00:00Z"),
      before: { readAt: at("2026-11-18T02:00:00Z") },
      after: { readAt: at("2026-11-19T02:00:00Z") },
      gaps: { count: 0 },
    });
    expect(funds[0]!.figures.find((figure) => figure.key === "total_contributed")).toEqual({
      key: "total_contributed",
      before: "100.00",
      after: "10100.00",
      difference: "10000.00",
    });
    const byId = Object.fromEntries(positions.map((change) => [change.investorId, change]));
    expect(Object.keys(byId)).toEqual(["p-1", "p-2", "p-3", "p-4"]);
    expect(byId["p-1"]!.change).toBe("changed");
    expect(byId["p-1"]!.amounts).toEqual([
      { key: "contributed_amount", before: "0.00", after: "10000.00", difference: "10000.00" },
    ]);
    expect(byId["p-1"]!.records?.after.investment_account).toEqual({ tax_id: "•••••9999" });
    expect(byId["p-2"]!.amounts).toEqual([]);
    expect(byId["p-3"]).toMatchObject({ change: "removed", name: "Investor p-3", records: null });
    expect(byId["p-3"]!.amounts.find((amount) => amount.key === "commitment_amount")?.difference).toBe("-250.50");
    expect(byId["p-4"]!.amounts.find((amount) => amount.key === "commitment_amount")?.difference).toBe("1000.10");
  });

  it("reads and compares a list kept as jsonb before records were packed: only real changes", async () => {
    const staying = investor("j-1", { team_members: [{ member_name: "A", member_email: "a@example.com" }] });
    const paying = investor("j-2", { contributed_amount: "0.00" });
    await list("jsonb", "j1", "2026-11-18T02:00:00Z", [staying, paying]);
    // As migration 0007 left every row written before it: the record as jsonb, its hash PostgreSQL's.
    await suite.store().use(async (_db, pool) => {
      for (const record of [staying, paying]) {
        await pool.query(
          `update positions set record = $1::jsonb, packed = null, record_hash = jsonb_hash_extended($1::jsonb, 0)
           where read_id in (select id from reads where fund_id = 'jsonb') and investor_id = $2`,
          [JSON.stringify(record), record.id],
        );
      }
    });
    expect((await latestKeptList("jsonb", suite.store()))?.investors.map((kept) => kept.record)).toEqual([
      staying,
      paying,
    ]);
    await list("jsonb", "j2", "2026-11-19T02:00:00Z", [staying, { ...paying, contributed_amount: "500.00" }]);
    const { positions } = await changesSince(at("2026-11-18T12:00:00Z"), ["jsonb"], suite.store());
    expect(positions.map((change) => [change.investorId, change.amounts.map((amount) => amount.key)])).toEqual([
      ["j-2", ["contributed_amount"]],
    ]);
    expect(positions[0]!.records?.before).toEqual(paying);
  });

  it("says where history starts, and compares nothing before it", async () => {
    await list("late", "l1", "2026-11-20T02:00:00Z", [investor("l-1")]);
    const { funds, positions } = await changesSince(at("2026-11-19T00:00:00Z"), ["late"], suite.store());
    expect(funds[0]).toMatchObject({ before: null, firstReadAt: at("2026-11-20T02:00:00Z") });
    expect(positions).toEqual([]);
  });

  it("names a failed read after the old content was last seen: a gap", async () => {
    await list("gap", "g1", "2026-11-10T02:00:00Z", [investor("g-1")]);
    await list("gap", "g1", "2026-11-17T02:00:00Z", [investor("g-1")]);
    const failure = { kind: "investors" as const, fundId: "gap", status: 502, message: "down" };
    await recordReadFailure({ ...failure, at: at("2026-11-12T00:00:00Z") }, suite.store());
    await recordReadFailure({ ...failure, at: at("2026-11-18T00:00:00Z") }, suite.store());
    const { funds } = await changesSince(at("2026-11-17T12:00:00Z"), ["gap"], suite.store());
    expect(funds[0]).toMatchObject({ gaps: { count: 1, first: at("2026-11-18T00:00:00Z") } });
    expect(funds[0]!.before?.id).toBe(funds[0]!.after.id);
  });

  it("answers the funds named at once, and no other", async () => {
    const named = ["diff", "gap", "late"];
    const { funds } = await changesSince(at("2026-11-18T12:00:00Z"), named, suite.store());
    expect(funds.map((compared) => compared.fundId).sort()).toEqual(named);
  });

  it("finds a change deep in a record by its hash, and leaves out the pairs the caller holds", async () => {
    const moving = investor("h-1", { primary_contact: { email: "old@example.com" } });
    await list("hash", "h1", "2026-11-18T02:00:00Z", [moving, investor("h-2")]);
    await list("hash", "h2", "2026-11-19T02:00:00Z", [
      { ...moving, primary_contact: { email: "new@example.com" } },
      investor("h-2"),
    ]);
    const since = at("2026-11-18T12:00:00Z");
    const { positions } = await changesSince(since, ["hash"], suite.store());
    expect(positions.map((change) => [change.investorId, change.change, change.amounts])).toEqual([
      ["h-1", "changed", []],
    ]);
    expect(positions[0]!.records?.after.primary_contact).toEqual({ email: "new@example.com" });
    const held = await changesSince(since, ["hash"], suite.store(), () => false);
    expect(held.funds).toHaveLength(1);
    expect(held.positions).toEqual([]);
  });

  it("names the funds a source's newest funds list has whose investors were never kept", async () => {
    const never = { id: "never", legal_entity: { display_name: "Never kept" } };
    await list("fp:kept", "k1", "2026-11-20T01:00:00Z", [investor("k-1")]);
    const funds = [{ id: "kept" }, never, { id: 7 }];
    const listed = { listKey: "fp", readAt: at("2026-11-20T02:00:00Z"), digest: "funds-u", funds };
    await recordFundsList(listed, suite.store());
    expect(await unkeptFunds("fp", ["fp:kept", "fp:never"], suite.store())).toEqual([never]);
    expect(await unkeptFunds("fp", ["fp:kept"], suite.store())).toEqual([]);
    // Another source's list (another token's) names none of them.
    expect(await unkeptFunds("other", ["fp:never"], suite.store())).toEqual([]);
  });
});
