import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseScope } from "@/lib/access/scope";
import { testDatabase } from "@/lib/store/server/test-stores";
import { endProcess, freshProcess } from "@/lib/testing/fresh-process";
import { testPrincipal } from "@/lib/testing/principal";

// Notes as people write them, on a real store (issue 45): the scope rule (a fund out of scope is an unknown one, on
// every call), a viewer's write refused, the second of two edits refused with the newer text, hostile text kept as
// typed, an assignee who may see the record, and a forget that takes the notes about the person.

const fundA = "0f8fad5b-d9cb-469f-a165-70867728950e";
const fundB = "7c9e6679-7425-40de-944b-e07fc1f90ae7";
const investor = "1b4e28ba-2fa1-41d2-883f-0016d3cca427";
const unknownFund = "5d41402a-bc4b-4a76-b971-9d911017c592";
const hash = "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$aGFzaGhhc2hoYXNoaGFzaA";

const scope = (written: string[]) => parseScope(written, ["default"]);
const olive = testPrincipal({ email: "olive@example.com", role: "ops", scope: scope(["Northwind Partners"]) });
const otto = testPrincipal({ email: "otto@example.com", role: "ops", scope: scope(["*"]) });
const acme = testPrincipal({ email: "acme@example.com", role: "ops", scope: scope(["Acme Capital"]) });
const vera = testPrincipal({ email: "vera@example.com", role: "viewer", scope: scope(["*"]) });

const modules = async () => ({
  store: await import("../../store/server"),
  writes: await import("../../store/server/writes"),
  sortKey: await import("../../store/sort-key"),
  sources: await import("../../data/sources"),
  catalog: await import("../../data/catalog"),
  notes: await import("./notes"),
  lists: await import("./lists"),
  forget: await import("../../fund-reads/server/forget"),
});

/** What a call threw: its status and JSON answer as the route would give them. */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: Error) => caught,
  );
  const { errorResponse } = await import("@/lib/http/error-response");
  const response = errorResponse(error);
  return response ? { status: response.status, body: (await response.json()) as Record<string, unknown> } : error;
}

describe("notes as people write them", { timeout: 60_000 }, () => {
  let p: Awaited<ReturnType<typeof modules>>;
  let folder: string;
  let upstream: Server;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "fe-notes-"));
    // An upstream that knows no fund: a fund nobody listed is asked of it, and does not exist.
    upstream = createServer((_request, response) =>
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":"Fund not available"}'),
    );
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    const usersFile = join(folder, "users.json");
    const users = [olive, otto, acme, vera].map((person) => ({
      email: person.email,
      passwordHash: hash,
      role: person.role,
      scopes: person.scope.all ? ["*"] : person.scope.entries.map((entry) => entry.organization),
    }));
    writeFileSync(usersFile, JSON.stringify(users));
    p = await freshProcess(
      {
        CUSTOMER_API_BASE_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
        CUSTOMER_API_TOKEN: "notes-test-token",
        CUSTOMER_API_SOURCES_FILE: undefined,
        DASHBOARD_AUTH: "local",
        DASHBOARD_USERS_FILE: usersFile,
        DASHBOARD_SESSION_SECRET: "s".repeat(40),
        DATABASE_URL: await testDatabase(),
        DIRECTORY_MATCH_SECRET: "k".repeat(40),
        REDIS_URL: undefined,
      },
      modules,
    );
    await p.store.openStore();
    p.catalog.noteFundsList("default", [
      { id: fundA, organization_name: "Northwind Partners" },
      { id: fundB, organization_name: "Acme Capital" },
    ]);
    // The funds list and the investor's fund list, kept as reads would keep them.
    const fingerprint = await p.sources.fingerprintOf("default");
    const modelFund = (fundId: string, organization: string) => ({
      fundId,
      name: `Fund ${organization}`,
      nameSort: p.sortKey.sortKey(`Fund ${organization}`),
      search: organization.toLowerCase(),
      organization,
      figures: {},
      capitalDueDay: null,
    });
    await p.writes.recordFundsList({
      listKey: fingerprint,
      readAt: new Date(),
      digest: "funds",
      funds: [],
      model: [modelFund(fundA, "Northwind Partners"), modelFund(fundB, "Acme Capital")],
    });
    const key = p.sources.storeKeyOf(fingerprint, fundA);
    const record = {
      id: investor,
      investment_account: { display_name: "Ann Lee" },
      primary_contact: { email: "ann@x" },
    };
    await p.writes.recordInvestorList({
      fundId: key,
      readAt: new Date(),
      digest: "a",
      fund: null,
      investors: [{ record, taxKey: null }],
    });
  }, 60_000);
  afterAll(async () => {
    await endProcess();
    upstream.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("answers a fund out of scope exactly as an unknown one on every call, and refuses a viewer's write", async () => {
    const note = await p.notes.createNote(otto, { fundId: fundB, text: "Acme's" });
    const request = new Request("http://dash.test/");
    const calls: [() => Promise<unknown>, () => Promise<unknown>][] = [
      [
        () => p.notes.createNote(olive, { fundId: fundB, text: "x" }),
        () => p.notes.createNote(olive, { fundId: unknownFund, text: "x" }),
      ],
      [() => p.notes.fundNotes(olive, fundB, null), () => p.notes.fundNotes(olive, unknownFund, null)],
      [
        () => p.notes.changeNoteOf(olive, note.id, { text: "y", version: 1 }),
        () => p.notes.changeNoteOf(olive, crypto.randomUUID(), { text: "y", version: 1 }),
      ],
      [
        () => p.notes.removeNoteOf(olive, note.id, request),
        () => p.notes.removeNoteOf(olive, crypto.randomUUID(), request),
      ],
    ];
    for (const [asked, unknown] of calls) {
      const [out, none] = [await refusal(asked()), await refusal(unknown())];
      expect(out).toMatchObject({ status: 404 });
      expect(out).toEqual(none);
    }
    expect(await refusal(p.notes.createNote(vera, { fundId: fundA, text: "a viewer's" }))).toMatchObject({
      status: 403,
    });
    // A viewer reads them, and may write none.
    expect(await p.notes.fundNotes(vera, fundB, null)).toMatchObject({ canWrite: false, notes: [{ text: "Acme's" }] });
  });

  it("refuses the second of two edits made on one version (409) and gives it the newer text; keeps the earlier", async () => {
    const { id } = await p.notes.createNote(olive, { fundId: fundA, investorId: investor, text: "Called: no answer." });
    expect(await p.notes.changeNoteOf(olive, id, { text: "Called: wire by Friday.", version: 1 })).toEqual({
      version: 2,
    });
    const second = await refusal(p.notes.changeNoteOf(olive, id, { text: "Called twice.", version: 1 }));
    expect(second).toMatchObject({ status: 409, body: { note: { text: "Called: wire by Friday.", version: 2 } } });
    const [note] = (await p.notes.fundNotes(olive, fundA, investor)).notes;
    expect(note).toMatchObject({ text: "Called: wire by Friday.", investorName: "Ann Lee", mine: true });
    expect(note!.earlier.map((earlier) => earlier.text)).toEqual(["Called: no answer."]);
    expect(await refusal(p.notes.changeNoteOf(otto, id, { text: "not mine", version: 2 }))).toMatchObject({
      status: 403,
    });
  });

  it("keeps text exactly as typed (never markup) and refuses what is too long or holds control characters", async () => {
    const hostile = `<script>alert("x")</script> <img src=x onerror=alert(1)> [a](javascript:alert(1)) \u202e`;
    const { id } = await p.notes.createNote(olive, { fundId: fundA, text: hostile });
    const found = (await p.notes.fundNotes(olive, fundA, null)).notes.find((note) => note.id === id);
    expect(found?.text).toBe(hostile);
    expect(await refusal(p.notes.createNote(olive, { fundId: fundA, text: "é".repeat(4_001) }))).toMatchObject({
      status: 400,
      body: { field: "text" },
    });
    expect(await p.notes.createNote(olive, { fundId: fundA, text: "é".repeat(4_000) })).toMatchObject({ version: 1 });
    expect(await refusal(p.notes.createNote(olive, { fundId: fundA, text: "nul \u0000" }))).toMatchObject({
      status: 400,
    });
  });

  it("assigns a follow-up to someone who may see the record; its assignee moves it on, and sees it in their list", async () => {
    const followUp = { assignee: "acme@example.com", due: "2026-01-05", state: "open" };
    expect(
      await refusal(p.notes.createNote(olive, { fundId: fundA, investorId: investor, text: "x", followUp })),
    ).toMatchObject({ status: 400, body: { field: "followUp.assignee" } });
    const { id } = await p.notes.createNote(olive, {
      fundId: fundA,
      investorId: investor,
      text: "Promised a wire by Friday.",
      followUp: { ...followUp, assignee: "Otto@Example.com" },
    });
    const [mine] = (await p.lists.myFollowUps(otto)).followUps;
    expect(mine).toMatchObject({ id, overdue: true, canTrack: true, followUp: { assignee: "otto@example.com" } });
    expect(
      await p.notes.changeNoteOf(otto, id, {
        followUp: { ...followUp, assignee: "otto@example.com", state: "done" },
        version: 1,
      }),
    ).toEqual({ version: 2 });
    expect(await refusal(p.notes.changeNoteOf(otto, id, { text: "mine now", version: 2 }))).toMatchObject({
      status: 403,
    });
    expect((await p.lists.myFollowUps(otto)).followUps[0]).toMatchObject({
      overdue: false,
      followUp: { state: "done" },
    });
  });

  it("forgets the notes about a person with their positions, and says how many in the audit trail", async () => {
    const before = (await p.notes.fundNotes(olive, fundA, investor)).notes.length;
    expect(before).toBeGreaterThan(0);
    expect(await p.forget.forgetPerson("ANN@x")).toEqual({ positions: 1, notes: before });
    expect((await p.notes.fundNotes(olive, fundA, investor)).notes).toEqual([]);
    // The fund's own notes stay.
    expect((await p.notes.fundNotes(olive, fundA, null)).notes.length).toBeGreaterThan(0);
  });
});
