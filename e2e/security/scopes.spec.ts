import { randomUUID } from "node:crypto";
import Big from "big.js";
import { parse } from "csv-parse/sync";
import { decimalText, formatCount, formatMoney } from "../../lib/values/format";
import { expect, test } from "../support/fixtures";
import { rawRequest } from "../support/raw-http";
import { appRoutes, fillRoute, paramsOf } from "../support/app-routes";
import { queryOf } from "../support/route-walk";
import { upstreamGet, upstreamUrl } from "../support/upstream";
import { type SpawnedApp, spawnApp } from "./spawn-app";
import { get, leaked, type Person, probesOf, signIn, usersFileFor, writeUsers } from "./scope-support";
import { secretsOf } from "./support";
import { ports } from "../playwright.config";

// Every route under app/, called as a person scoped to one organization (A) with the ids of another's (B) funds and
// investors: B answers exactly as unknown ids do, lists leave B out, and nothing of B is in any body or file.

// One server for the file's tests: they run one after the other in one worker.
test.describe.configure({ mode: "serial" });

type Row = Record<string, unknown>;
const port = ports.scopesApp;
const users = usersFileFor("scopes");
let app: SpawnedApp;
let a: { funds: Row[]; investors: Row[] };
let b: { funds: Row[]; investors: Row[] };
let organizationA: string;
// Ids of A's and B's funds, investors and directory keys, as the first test found them.
type Ids = { fundId: string; investorId: string; key: string };
let known: { a: Ids; b: Ids };

const person = (email: string, role: Person["role"], scopes?: string[]): Person => ({
  email,
  password: `${email}-password-not-a-secret`,
  role,
  scopes,
});
let scoped: Person;
const everything = person("all-admin@example.com", "admin", ["*"]);
// Written before roles: no role and no scopes, so a viewer of everything.
const viewer: Person = { email: "viewer@example.com", password: "viewer@example.com-password-not-a-secret" };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const funds = await upstreamGet<Row[]>("/funds");
  organizationA = String(funds[0]!.organization_name);
  const lists = await Promise.all(funds.map((fund) => upstreamGet<Row[]>(`/funds/${String(fund.id)}/investors`)));
  const split = (inA: boolean) => ({
    funds: funds.filter((fund) => (fund.organization_name === organizationA) === inA),
    investors: funds.flatMap((fund, at) => ((fund.organization_name === organizationA) === inA ? lists[at]! : [])),
  });
  a = split(true);
  b = split(false);
  expect(b.funds.length, "the upstream holds another organization's funds").toBeGreaterThan(0);
  scoped = person("scoped-admin@example.com", "admin", [organizationA]);
  await writeUsers(users, [scoped, everything, viewer]);
  app = await spawnApp(port, {
    CUSTOMER_API_BASE_URL: upstreamUrl,
    DASHBOARD_USERS_FILE: users,
    DASHBOARD_SESSION_SECRET: process.env.E2E_SESSION_SECRET!,
  });
});

test.afterAll(async () => app?.stop());

/** Waits until every fund in the person's scope has been read: a list "without B" must be a whole list. */
async function whole(cookie: string) {
  await expect
    .poll(async () => JSON.parse((await get(app.url, "/api/investors", cookie)).text).complete, { timeout: 90_000 })
    .toBe(true);
}

test("every route, called by someone scoped to A with B's ids, answers as for an unknown fund and shows nothing of B", async () => {
  test.setTimeout(240_000);
  const cookie = await signIn(app.url, scoped, "127.30.0.1");
  const admin = await signIn(app.url, everything, "127.30.0.2");
  await whole(cookie);
  await whole(admin);
  const probes = probesOf(a, b);
  expect(probes.length).toBeGreaterThan(50);
  // B's ids: a fund, one of its investors, and a directory key of someone only in B's funds.
  const withInvestors = async (funds: Row[]) => {
    for (const fund of funds) {
      const [first] = await upstreamGet<Row[]>(`/funds/${String(fund.id)}/investors`);
      if (first) return { fund, investor: first };
    }
    throw new Error("no fund with investors");
  };
  const { fund: fundB, investor: investorB } = await withInvestors(b.funds);
  const onlyInB = b.investors.find((investor) => probes.includes(String((investor.primary_contact as Row)?.email)))!;
  const email = String((onlyInB.primary_contact as Row).email);
  const found = JSON.parse((await get(app.url, `/api/search?q=${encodeURIComponent(email)}`, admin)).text);
  const keyB = String(found.investors[0].key);
  const idsB = { fundId: String(fundB.id), investorId: String(investorB.id), key: keyB };
  const { fund: fundA, investor: investorA } = await withInvestors(a.funds);
  const searchA = JSON.parse(
    (
      await get(
        app.url,
        `/api/search?q=${encodeURIComponent(String((investorA.primary_contact as Row).email))}`,
        cookie,
      )
    ).text,
  );
  const idsA = { fundId: String(fundA.id), investorId: String(investorA.id), key: String(searchA.investors[0].key) };
  known = { a: idsA, b: idsB };
  const unknownIds = { fundId: randomUUID(), investorId: randomUUID(), key: "Z".repeat(22) };
  const searchB = String(((fundB.legal_entity ?? {}) as Row).display_name ?? email);

  const routes = appRoutes().filter((route) => route.methods.includes("GET"));
  expect(routes.length).toBeGreaterThan(30);
  const problems: string[] = [];
  for (const route of routes) {
    // Searches name B's fund, to look for it; a route asked of a fund in its query is asked of B's.
    const call = (ids: Record<string, string>) =>
      fillRoute(route.template, ids) + queryOf(route.template, searchB, ids);
    const asked = call(idsB);
    const answer = await get(app.url, asked, cookie);
    const where = `${route.template} (${answer.status})`;
    if (paramsOf(route.template).length > 0 || asked !== call(unknownIds)) {
      // Exactly as a fund, investor or key that does not exist: the same status, and for JSON the same body.
      const unknown = await get(app.url, call(unknownIds), cookie);
      if (unknown.status < 300) problems.push(`${route.template}: ${unknown.status} for ids that do not exist`);
      if (answer.status !== unknown.status) problems.push(`${where}: unknown ids answer ${unknown.status}`);
      if (answer.contentType.includes("json") && answer.text !== unknown.text)
        problems.push(`${where}: ${answer.text} where unknown ids get ${unknown.text}`);
      // The same route with A's ids is served: the 404 is the scope's, not a broken route's.
      const own = await get(app.url, call(idsA), cookie);
      if (own.status >= 400) problems.push(`${route.template}: ${own.status} for A's own ids`);
    } else if (answer.status >= 500) problems.push(`${where}: failed`);
    for (const probe of leaked(answer.text, probes, asked)) problems.push(`${where}: shows B's "${probe}"`);
  }
  // The directory's and the outstanding table's searches for B's people find nothing.
  for (const path of [`/investors?q=${encodeURIComponent(email)}`, `/api/investors?q=${encodeURIComponent(email)}`]) {
    const answer = await get(app.url, path, cookie);
    for (const probe of leaked(answer.text, probes, path)) problems.push(`${path}: shows B's "${probe}"`);
  }
  expect(problems).toEqual([]);
});

test("someone scoped to A gets A's whole directory, totals, capital outstanding, files and Overview, and only A's", async () => {
  test.setTimeout(180_000);
  const cookie = await signIn(app.url, scoped, "127.30.0.4");
  await whole(cookie);
  const sum = (rows: Row[], key: string) =>
    rows.reduce((total, row) => total.plus(decimalText(row[key] as string) ?? "0"), new Big(0));
  const directory = JSON.parse((await get(app.url, "/api/investors?limit=1", cookie)).text);
  expect(directory.progress.total).toBe(a.funds.length);
  expect(directory.failedCount).toBe(0);
  for (const key of ["commitment_amount", "contributed_amount", "net_asset_value"])
    expect(new Big(directory.totals[key] ?? "0").eq(sum(a.investors, key)), key).toBe(true);
  // Its files: every position of A's funds, and one line per investor of its directory.
  const lines = (text: string) => parse(text, { bom: true, columns: true }).length;
  expect(lines((await get(app.url, "/api/investors.csv", cookie)).text)).toBe(a.investors.length);
  expect(lines((await get(app.url, "/api/investors.csv?group=investor", cookie)).text)).toBe(directory.total);
  const outstanding = JSON.parse((await get(app.url, "/api/outstanding?limit=1", cookie)).text);
  const owing = a.investors.filter((row) => {
    const due = decimalText(row.total_capital_due as string);
    return due !== null && new Big(due).gt(decimalText(row.total_received as string) ?? "0");
  });
  expect(outstanding.total).toBe(owing.length);
  expect(lines((await get(app.url, "/api/outstanding.csv", cookie)).text)).toBe(outstanding.matched);
  // The Overview: A's funds, and what A's positions leave unfunded, to the cent.
  const overview = (await get(app.url, "/", cookie)).text;
  expect(overview).toContain(`>${formatCount(String(a.funds.length))}</dd>`);
  expect(overview).toContain(`>${formatMoney(sum(a.investors, "unfunded_commitment_amount").toFixed())}</dd>`);
});

test("a viewer's reveal answers 403 JSON, a sensitive export is refused, and masked files hold no full secret", async () => {
  test.setTimeout(180_000);
  const cookie = await signIn(app.url, viewer, "127.30.0.3");
  await whole(cookie);
  const fund = a.funds[0]!;
  const investor = a.investors.find((row) => b.investors.every((other) => other.id !== row.id))!;
  const ids = { fundId: String(fund.id), investorId: String(investor.id), key: "A".repeat(22) };
  const routes = appRoutes().filter((route) => route.methods.includes("GET"));
  const reveals = routes.filter((route) => route.template.endsWith("/sensitive"));
  expect(reveals.length).toBeGreaterThanOrEqual(2);
  for (const route of reveals) {
    const answer = await get(app.url, `${fillRoute(route.template, ids)}?field=tax_id`, cookie);
    expect(answer.status, route.template).toBe(403);
    expect(JSON.parse(answer.text).error).toMatch(/role/);
  }
  // Statements too (PDF, zip): a viewer may download them, with masked tax ids only.
  const files = routes.filter(
    (route) => /\.(csv|xlsx|pdf|zip)$/.test(route.template) && !route.template.startsWith("/api/audit"),
  );
  const sensitive = files.filter((route) => /\/(funds|investors)\.(csv|xlsx)$/.test(route.template));
  expect(sensitive.length).toBeGreaterThanOrEqual(4);
  for (const route of sensitive) {
    const answer = await get(app.url, `${fillRoute(route.template, ids)}?sensitive=1`, cookie);
    expect(answer.status, route.template).toBe(403);
  }
  // Each refusal is a row of the audit trail, which an admin of everything reads.
  const admin = await signIn(app.url, everything, "127.30.0.7");
  const refused = JSON.parse(
    (await get(app.url, "/api/audit?person=viewer%40example.com&action=policy_refusal", admin)).text,
  );
  expect(refused.matched).toBeGreaterThanOrEqual(reveals.length + sensitive.length);
  const secrets = [...new Set([...secretsOf(a.funds), ...secretsOf(a.investors), ...secretsOf(b.funds)])].filter(
    (secret) => secret.replace(/\W/g, "").length >= 8,
  );
  expect(secrets.length).toBeGreaterThan(20);
  for (const route of files) {
    const answer = await get(app.url, fillRoute(route.template, ids) + queryOf(route.template, "", ids), cookie);
    expect(answer.status, route.template).toBe(200);
    expect(leaked(answer.text, secrets), route.template).toEqual([]);
  }
});

test("notes, follow-ups and views about B do not exist for someone scoped to A: every write and list as for unknown ids", async () => {
  test.setTimeout(120_000);
  const own = { origin: app.url, "sec-fetch-site": "same-origin", "content-type": "application/json" };
  const send = async (cookie: string, method: string, path: string, body?: unknown) => {
    const response = await rawRequest(
      app.url,
      path,
      method,
      { cookie, ...own },
      body === undefined ? {} : { body: JSON.stringify(body) },
    );
    return { status: response.status, body: response.body };
  };
  const admin = await signIn(app.url, everything, "127.30.0.8");
  const cookie = await signIn(app.url, scoped, "127.30.0.9");
  const secret = `B-only ${randomUUID()}`;
  const noteB = await send(admin, "POST", "/api/notes", {
    fundId: known.b.fundId,
    investorId: known.b.investorId,
    text: `${secret} note`,
    followUp: { assignee: everything.email, due: "2026-01-01", state: "open" },
  });
  expect(noteB.status).toBe(201);
  const noteId = JSON.parse(noteB.body).id as string;
  const viewB = async (page: string, query: string) =>
    JSON.parse((await send(admin, "POST", "/api/views", { page, name: `${secret} view`, query, shared: true })).body)
      .id as string;
  const viewIds = [await viewB("/outstanding", `?fund=${known.b.fundId}`), await viewB(`/funds/${known.b.fundId}`, "")];
  const viewA = await send(admin, "POST", "/api/views", { page: "/outstanding", name: "A's", query: "", shared: true });
  expect(viewA.status).toBe(201);

  // Each write about B answers exactly as the same write about ids that do not exist.
  const unknownFund = randomUUID();
  const pairs: [string, string, unknown, unknown][] = [
    ["POST", "/api/notes", { fundId: known.b.fundId, text: "x" }, { fundId: unknownFund, text: "x" }],
    ["POST", "/api/views", { page: `/funds/${known.b.fundId}`, name: "x", query: "", shared: false }, null],
    ["POST", "/api/views", { page: "/outstanding", name: "x", query: `?fund=${known.b.fundId}`, shared: true }, null],
    ["PATCH", `/api/notes/${noteId}`, { text: "y", version: 1 }, null],
    ["DELETE", `/api/notes/${noteId}`, undefined, null],
    ...viewIds.flatMap((id): [string, string, unknown, unknown][] => [
      ["PATCH", `/api/views/${id}`, { default: true }, null],
      ["DELETE", `/api/views/${id}`, undefined, null],
    ]),
  ];
  for (const [method, path, body, unknownBody] of pairs) {
    const answer = await send(cookie, method, path, body);
    const unknownPath = path.replace(/[0-9a-f-]{36}$/, randomUUID());
    const asUnknown =
      method === "POST" && unknownBody === null
        ? await send(cookie, method, path, JSON.parse(JSON.stringify(body).replaceAll(known.b.fundId, unknownFund)))
        : await send(cookie, method, unknownPath, unknownBody ?? body);
    expect(answer.status, `${method} ${path}`).toBe(404);
    expect(answer, `${method} ${path}`).toEqual(asUnknown);
  }
  const byKey = await get(app.url, `/api/notes?investorKey=${known.b.key}`, cookie);
  expect(byKey.status).toBe(404);
  expect(byKey.text).toBe((await get(app.url, `/api/notes?investorKey=${"Z".repeat(22)}`, cookie)).text);
  // Lists leave B out: the shared views of a page, the person's follow-ups, A's notes.
  for (const path of ["/api/views?page=%2Foutstanding", "/api/follow-ups", `/api/notes?investorKey=${known.a.key}`]) {
    const answer = await get(app.url, path, cookie);
    expect(answer.status, path).toBe(200);
    expect(answer.text, path).not.toContain(secret);
  }
  expect((await get(app.url, "/api/views?page=%2Foutstanding", cookie)).text).toContain("A's");
  // A viewer (of everything) reads notes and views and writes none.
  const viewerCookie = await signIn(app.url, viewer, "127.30.0.10");
  expect((await send(viewerCookie, "POST", "/api/notes", { fundId: known.a.fundId, text: "x" })).status).toBe(403);
  const viewerView = { page: "/outstanding", name: "x", query: "", shared: false };
  expect((await send(viewerCookie, "POST", "/api/views", viewerView)).status).toBe(403);
  // The admin of everything still sees them all.
  expect((await get(app.url, "/api/views?page=%2Foutstanding", admin)).text).toContain(secret);
});

test("an admin forgets a person only within their scope; a viewer may not", async () => {
  const post = (cookie: string, email: string) =>
    rawRequest(
      app.url,
      "/api/access/forget",
      "POST",
      {
        cookie,
        "content-type": "application/json",
        origin: app.url,
        "sec-fetch-site": "same-origin",
      },
      { body: JSON.stringify({ email }) },
    );
  const probes = probesOf(a, b);
  const onlyInB = b.investors
    .map((investor) => String((investor.primary_contact as Row)?.email))
    .find((email) => probes.includes(email))!;
  const viewerCookie = await signIn(app.url, viewer, "127.30.0.4");
  expect((await post(viewerCookie, onlyInB)).status).toBe(403);
  // Scoped to A: B's person is not theirs to forget.
  const scopedCookie = await signIn(app.url, scoped, "127.30.0.5");
  const withinA = await post(scopedCookie, onlyInB);
  expect(withinA.status).toBe(200);
  expect(JSON.parse(withinA.body)).toEqual({ removed: 0, notes: 0 });
  const adminCookie = await signIn(app.url, everything, "127.30.0.6");
  const everywhere = await post(adminCookie, onlyInB);
  expect(everywhere.status).toBe(200);
  expect(JSON.parse(everywhere.body).removed).toBeGreaterThan(0);
});
