import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelFund, ModelPosition, StoreScope } from "../model";
import { sortKey } from "../sort-key";
import { recordReads } from "./batch-writes";
import type { StoreConnection } from "./connection";
import { decodeCursor } from "./keyset";
import { type OutstandingView, outstandingPage } from "./org-outstanding";
import { followUpsDue, followUpsOf, fundFollowUps } from "./team-follow-ups";
import { changeNote, deleteNote, insertNote, type NewNote, notesAbout } from "./team-notes";
import { defaultViewOf, insertView, setDefaultView, viewsOn } from "./team-views";
import { outstandingView, testStore } from "./test-stores";
import { forgetPeople } from "./upkeep";
import { recordFundsList } from "./writes";

// Notes, follow-ups and views in the store (issue 45): a position's next follow-up kept with every write and joined by
// capital outstanding, a stale edit refused with the note as it is, a forget taking the notes about the person, and
// every list in scope.

const fp = "fp";
const key = (fund: string) => `${fp}:${fund}`;
const north: StoreScope = { whole: [], parts: [{ fingerprint: fp, organization: "north" }] };
const everything: StoreScope = { whole: [fp], parts: [] };

const fund = (id: string, organization: string): ModelFund => ({
  fundId: id,
  name: `Fund ${id}`,
  nameSort: sortKey(`Fund ${id}`),
  search: `fund ${id}`,
  organization,
  figures: { capital_due_date: "2020-01-01" },
  capitalDueDay: "2020-01-01",
});

const position = (id: string, email: string): ModelPosition => ({
  investorId: id,
  name: `Investor ${id}`,
  nameSort: sortKey(`Investor ${id}`),
  email,
  emailKey: email,
  taxKey: null,
  investorType: "individual",
  invited: null,
  search: id,
  taxGroup: null,
  emailGroup: `email=${email}`,
  ownGroup: null,
  amounts: { total_capital_due: "100.00", total_received: "10.00" },
});

const ids = ["i1", "i2", "i3", "i4"];

async function seed(store: StoreConnection) {
  await recordFundsList(
    { listKey: fp, readAt: new Date(), digest: "l", funds: [], model: [fund("a", "North"), fund("b", "South")] },
    store,
  );
  for (const id of ["a", "b"])
    await recordReads(
      [
        {
          kind: "investors",
          fundId: key(id),
          readAt: new Date("2026-01-01T00:00:00Z"),
          digest: id,
          fund: null,
          investors: ids.map((investor) => ({
            record: { id: investor, primary_contact: { email: `${investor}@x` } },
            taxKey: null,
          })),
          model: ids.map((investor) => position(investor, `${investor}@x`)),
        },
      ],
      store,
    );
}

let made = 0;
const note = (fundId: string, investorId: string | null, followUp: NewNote["followUp"] = null): NewNote => ({
  id: `00000000-0000-4000-8000-${String(++made).padStart(12, "0")}`,
  fundKey: key(fundId),
  investorId,
  investorName: investorId,
  text: `note ${made}`,
  author: "ops@example.com",
  authorName: "Olive",
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, made)),
  followUp,
});
const due = (day: string, state: "open" | "waiting" | "done" = "open", assignee = "otto@example.com") => ({
  assignee,
  assigneeName: "Otto",
  due: day,
  state,
});

describe("notes, follow-ups and views in the store", () => {
  let store: StoreConnection;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ store, dispose } = await testStore("postgres"));
    await store.open();
    await seed(store);
  }, 60_000);
  afterAll(() => dispose());

  const view = (more: Partial<OutstandingView> = {}) => outstandingView(everything, more);
  const rows = async (more: Partial<OutstandingView> = {}) =>
    (await outstandingPage({ ...view(more), after: null, offset: 0, limit: 100 }, store)).rows;

  it("keeps each position's next follow-up: the earliest due not done, else the last done; outstanding shows it", async () => {
    await insertNote(note("a", "i1", due("2026-06-10", "done")), store);
    await insertNote(note("a", "i1", due("2026-06-20", "done")), store);
    expect((await fundFollowUps(key("a"), store)).get("i1")).toMatchObject({ due: "2026-06-20", state: "done" });
    const waiting = note("a", "i1", due("2026-06-15", "waiting"));
    await insertNote(waiting, store);
    await insertNote(note("a", "i1", due("2026-06-30", "open")), store);
    await insertNote(note("a", "i2", due("2026-06-05", "open")), store);
    await insertNote(note("a", "i3"), store);
    expect((await fundFollowUps(key("a"), store)).get("i1")).toMatchObject({ due: "2026-06-15", state: "waiting" });
    const i1 = (await rows()).find((row) => row.fundId === "a" && row.investorId === "i1");
    expect(i1?.followUp).toEqual({
      assignee: "otto@example.com",
      assigneeName: "Otto",
      due: "2026-06-15",
      state: "waiting",
    });
    // Marked done, the next one not done comes up.
    expect(
      await changeNote({ id: waiting.id, version: 1, followUp: due("2026-06-15", "done"), at: new Date() }, store),
    ).toEqual({ outcome: "changed", version: 2 });
    expect((await fundFollowUps(key("a"), store)).get("i1")).toMatchObject({ due: "2026-06-30", state: "open" });
  });

  it("sorts capital outstanding by the next due day (none last, by keyset) and filters by state or none yet", async () => {
    const sorted = await rows({ sort: { id: "followUp", direction: "asc" } });
    expect(sorted.map((row) => `${row.fundId}/${row.investorId}:${row.followUp?.due ?? "-"}`).slice(0, 3)).toEqual([
      "a/i2:2026-06-05",
      "a/i1:2026-06-30",
      "a/i3:-",
    ]);
    const paged = [];
    let after = null;
    do {
      const page = await outstandingPage(
        { ...view({ sort: { id: "followUp", direction: "desc" } }), after, offset: 0, limit: 3 },
        store,
      );
      paged.push(...page.rows);
      after = page.next ? decodeCursor(page.next) : null;
    } while (after);
    expect(paged.slice(0, 2).map((row) => row.investorId)).toEqual(["i1", "i2"]);
    expect(paged).toHaveLength(8);
    const open = await outstandingPage({ ...view({ followUp: "open" }), after: null, offset: 0, limit: 100 }, store);
    expect(open.rows.map((row) => row.investorId).sort()).toEqual(["i1", "i2"]);
    expect(open.matched).toBe(2);
    expect(open.outstanding).toBe("180.00");
    const none = await rows({ followUp: "none" });
    expect(none).toHaveLength(6);
    expect(none.every((row) => row.followUp === null)).toBe(true);
  });

  it("refuses a change made on an older version and gives the note as it is; keeps each earlier text", async () => {
    const first = note("a", null);
    await insertNote(first, store);
    expect(await changeNote({ id: first.id, version: 1, text: "second", at: new Date() }, store)).toEqual({
      outcome: "changed",
      version: 2,
    });
    const stale = await changeNote({ id: first.id, version: 1, text: "lost?", at: new Date() }, store);
    expect(stale.outcome).toBe("stale");
    expect(stale.outcome === "stale" && stale.current).toMatchObject({ text: "second", version: 2 });
    await changeNote({ id: first.id, version: 2, text: "third", at: new Date() }, store);
    const [kept] = (await notesAbout([{ fundKey: key("a"), investorId: null }], store)).filter(
      (row) => row.id === first.id,
    );
    expect(kept?.earlier.map((earlier) => earlier.text)).toEqual(["second", first.text]);
    expect(kept?.editedAt).not.toBeNull();
    expect((await deleteNote(first.id, store))?.id).toBe(first.id);
    expect(await changeNote({ id: first.id, version: 3, text: "x", at: new Date() }, store)).toEqual({
      outcome: "stale",
      current: null,
    });
  });

  it("lists a person's follow-ups in scope, overdue first, and those due for their digest", async () => {
    await insertNote(note("b", "i1", due("2026-05-01", "open")), store);
    const everywhere = await followUpsOf(
      { assignee: "otto@example.com", scope: everything, today: "2026-06-08" },
      store,
    );
    expect(everywhere.map((row) => `${row.fundId}:${row.followUp!.due}:${row.followUp!.state}`)).toEqual([
      "b:2026-05-01:open",
      "a:2026-06-05:open",
      "a:2026-06-30:open",
      "a:2026-06-20:done",
      "a:2026-06-15:done",
      "a:2026-06-10:done",
    ]);
    const inNorth = await followUpsOf({ assignee: "otto@example.com", scope: north, today: "2026-06-08" }, store);
    expect(inNorth.every((row) => row.fundId === "a")).toBe(true);
    expect((await followUpsDue(["otto@example.com"], "2026-06-05", store)).map((row) => row.followUp!.due)).toEqual([
      "2026-05-01",
      "2026-06-05",
    ]);
  });

  it("forgets the notes about a person with their positions, and says how many", async () => {
    await insertNote(note("b", "i4"), store);
    await insertNote(note("b", "i4", due("2026-07-01")), store);
    expect(await forgetPeople({ email: "i4@x", taxKeys: [], fundKeys: [key("a")] }, store)).toEqual({
      positions: 1,
      notes: 0,
    });
    expect(await forgetPeople({ email: "i4@x", taxKeys: [] }, store)).toEqual({ positions: 1, notes: 2 });
    expect(await notesAbout([{ fundKey: key("b"), investorId: "i4" }], store)).toEqual([]);
    expect((await fundFollowUps(key("b"), store)).has("i4")).toBe(false);
  });

  it("lists a page's views a person may open (their own and shared, naming funds in scope), with their default", async () => {
    const saved = (id: string, owner: string, shared: boolean, fundKeys: string[]) =>
      insertView(
        {
          id,
          owner,
          ownerName: null,
          page: "/outstanding",
          name: id,
          query: "?overdue=1",
          shared,
          fundKeys,
          createdAt: new Date(),
          updatedAt: new Date(),
        },
        store,
      );
    await saved("mine", "ops@example.com", false, []);
    await saved("theirs", "ada@example.com", false, []);
    await saved("shared-a", "ada@example.com", true, [key("a")]);
    await saved("shared-b", "ada@example.com", true, [key("b")]);
    const names = async (person: string, scope: StoreScope) =>
      (await viewsOn({ page: "/outstanding", person, scope }, store)).map((listed) => listed.name);
    expect(await names("ops@example.com", everything)).toEqual(["mine", "shared-a", "shared-b"]);
    expect(await names("ops@example.com", north)).toEqual(["mine", "shared-a"]);
    await setDefaultView("ops@example.com", "/outstanding", "shared-b", store);
    expect(
      (await defaultViewOf({ page: "/outstanding", person: "ops@example.com", scope: everything }, store))?.id,
    ).toBe("shared-b");
    // Out of the person's scope, a default is no default.
    expect(await defaultViewOf({ page: "/outstanding", person: "ops@example.com", scope: north }, store)).toBeNull();
  });
});
