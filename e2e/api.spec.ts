import { expect, test } from "./support/fixtures";
import { mediumFund } from "./support/investors";
import { rawRequest } from "./support/raw-http";
import { sessionCookieHeader } from "./support/session";
import { expectUpstreamNeverSaw, upstreamGet } from "./support/upstream";

interface FundLike {
  id: string;
  legal_entity?: { tax_id?: string | null } | null;
}

const unknownId = "00000000-0000-4000-8000-000000000000";

test("the proxy answers the upstream's funds, masked, never cached", async ({ request }) => {
  const upstream = await upstreamGet<FundLike[]>("/funds");
  const response = await request.get("/api/funds");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toMatch(/^private, no-store/);
  const funds = (await response.json()) as FundLike[];
  expect(funds.map((f) => f.id)).toEqual(upstream.map((f) => f.id));
  const taxIds = funds.map((f) => f.legal_entity?.tax_id).filter((t): t is string => !!t);
  expect(taxIds.length).toBeGreaterThan(0);
  for (const taxId of taxIds) expect(taxId).toMatch(/^•+.{0,4}$/);
});

test("an unknown fund and an unknown investor answer 404 with a message", async ({ request }) => {
  const [fund] = await upstreamGet<FundLike[]>("/funds");
  const noFund = await request.get(`/api/funds/${unknownId}`);
  expect(noFund.status()).toBe(404);
  expect((await noFund.json()).error).toMatch(/Fund not available/);
  const noInvestors = await request.get(`/api/funds/${unknownId}/investors`);
  expect(noInvestors.status()).toBe(404);
  const noInvestor = await request.get(`/api/funds/${fund!.id}/investors/${unknownId}`);
  expect(noInvestor.status()).toBe(404);
  expect((await noInvestor.json()).error).toMatch(/Investor not found/);
});

test("malformed ids answer 400 JSON and never reach the upstream", async ({ baseURL }) => {
  const [fund] = await upstreamGet<FundLike[]>("/funds");
  const paths = [
    "/api/funds/not-a-uuid",
    "/api/funds/..%2F..%2Fx",
    "/api/funds/..%2F..%2Fx/investors",
    `/api/funds/${fund!.id}%2F..`,
    `/api/funds/${fund!.id}%00`,
    `/api/funds/${fund!.id}%00/investors`,
    `/api/funds/${fund!.id}/investors/not-a-uuid`,
    `/api/funds/${fund!.id}/investors/${unknownId}%2F..`,
    `/api/funds/not-a-uuid/sensitive`,
  ];
  for (const path of paths) {
    const response = await rawRequest(baseURL!, path, "GET", { cookie: sessionCookieHeader() });
    expect(response.status, path).toBe(400);
    expect(JSON.parse(response.body).error, path).toMatch(/must be a UUID/);
  }
  await expectUpstreamNeverSaw(["not-a-uuid", "..", "%2F", "%00", "\u0000", `${unknownId}%`]);
});

test("other methods answer 405, still never cached", async ({ baseURL }) => {
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    const response = await rawRequest(baseURL!, "/api/funds", method, { cookie: sessionCookieHeader() });
    expect(response.status, method).toBe(405);
    expect(response.headers["cache-control"]).toMatch(/^private, no-store/);
  }
});

test("dot segments and paths that are no API route answer 4xx JSON without an upstream call", async ({ baseURL }) => {
  const [fund] = await upstreamGet<FundLike[]>("/funds");
  for (const path of [
    "/api/funds/%2e%2e",
    "/api/funds/%2e%2e/investors",
    "/api/nope",
    "/api",
    `/api/funds/${fund!.id}/investors/${unknownId}/extra`,
  ]) {
    const response = await rawRequest(baseURL!, path, "GET", { cookie: sessionCookieHeader() });
    expect([400, 404], path).toContain(response.status);
    expect(response.headers["content-type"], path).toMatch(/application\/json/);
    expect(JSON.parse(response.body).error, path).toBeTruthy();
  }
  await expectUpstreamNeverSaw(["%2e", "/extra", "/nope"]);
});

test("the table's pages cover the view exactly once, share one list versioned by its content, and a changed list is refused with 409", async ({
  request,
}) => {
  const funds = await upstreamGet<{ id: string; investor_count?: number }[]>("/funds");
  const big = funds.reduce((a, b) => ((a.investor_count ?? 0) > (b.investor_count ?? 0) ? a : b));
  const upstream = await upstreamGet<{ id: string }[]>(`/funds/${big.id}/investors`);
  const rowsUrl = `/api/funds/${big.id}/investor-rows`;
  const first = await (await request.get(`${rowsUrl}?limit=500&refresh=1`)).json();
  expect(first.total).toBe(upstream.length);
  const ids: string[] = first.rows.map((row: { id: string }) => row.id);
  for (let offset = 500; offset < first.matched; offset += 500) {
    const page = await (await request.get(`${rowsUrl}?limit=500&offset=${offset}&version=${first.version}`)).json();
    expect(page.version).toBe(first.version);
    ids.push(...page.rows.map((row: { id: string }) => row.id));
  }
  // Unsorted, the view is the upstream's own order, every investor once.
  expect(ids).toEqual(upstream.map((investor) => investor.id));

  // A refresh within INVESTOR_LIST_REFRESH_SECONDS (1 s here) is answered from the held list, so it waits that out.
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const refreshed = await (await request.get(`${rowsUrl}?limit=1&refresh=1`)).json();
  expect(Date.parse(refreshed.fetchedAt)).toBeGreaterThan(Date.parse(first.fetchedAt));
  // The version is a digest of the content: the data has not changed, so later pages of the first list still come.
  expect(refreshed.version).toBe(first.version);
  expect((await request.get(`${rowsUrl}?offset=1&version=${first.version}`)).status()).toBe(200);
  // A list whose data has changed since (another digest) is refused: the table reloads from the top.
  const outdated = await request.get(`${rowsUrl}?offset=1&version=${"0".repeat(64)}`);
  expect(outdated.status()).toBe(409);
  expect((await outdated.json()).error).toMatch(/refreshed/);
});

test("an empty parameter means what an absent one does (?sort= is no sort), on every route that takes it", async ({
  request,
}) => {
  const { fundId, investors } = await mediumFund();
  const paths = [
    `/api/funds/${fundId}/investor-rows`,
    `/api/funds/${fundId}/investors/${investors[0]!.id}/neighbours`,
    `/api/funds/${fundId}/investors.csv`,
    "/api/funds.csv",
  ];
  for (const path of paths) {
    const plain = await request.get(path);
    const empty = await request.get(`${path}?sort=&q=`);
    expect([empty.status(), plain.status()], path).toEqual([200, 200]);
    if (path.endsWith("investor-rows")) {
      const [a, b] = [await plain.json(), await empty.json()];
      expect(b.rows.map((row: { id: string }) => row.id)).toEqual(a.rows.map((row: { id: string }) => row.id));
    } else expect(await empty.text(), path).toBe(await plain.text());
  }
});
