import { expect, test } from "./support/fixtures";
import { everyApiRoute } from "./support/routes";
import { rawRequest } from "./support/raw-http";
import { sessionCookieHeader } from "./support/session";
import { expectUpstreamNeverSaw } from "./support/upstream";

// Ids no fund has: if any request slipped through to the upstream, its log would show them.
const fundId = crypto.randomUUID();
const investorId = crypto.randomUUID();

const badSegments = [
  "..",
  "%2e%2e",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f",
  "%2F",
  "%252F",
  "%00",
  `${fundId}%00`,
  `${fundId}%2F..`,
  `${fundId}/..%2F`,
  "%C0%AE%C0%AE",
  "%u002e",
  "%zz",
  "%",
  "%E2%80%AE",
  "%F0%9F%92%A9",
  "%EF%BD%86%EF%BD%95",
  "not-a-uuid",
  `${fundId}x`,
  `{${fundId}}`,
  "'%20OR%201=1--",
  "%3Cscript%3E",
  "a".repeat(10_240),
  "%20",
  "%09",
  `${fundId.toUpperCase()}Z`,
  "null",
  "undefined",
  "0",
  "-1",
];

const badQueries = [
  "x=1",
  "field=ssn",
  "field=tax_id&field=tax_id",
  "%zz=1",
  "sort=name.asc&sort=name.desc",
  `q=${"a".repeat(10_240)}`,
  "__proto__=1",
  "constructor%5Bprototype%5D=x",
  "q=%00",
  "sort=%0D%0Aset-cookie:x",
  "all=maybe",
  "bom=2",
];

// Routes with a fund id only, and routes with a fund and an investor id.
const fundTemplates: ((f: string) => string)[] = [
  (f) => `/api/funds/${f}`,
  (f) => `/api/funds/${f}/investors`,
  (f) => `/api/funds/${f}/sensitive?field=tax_id`,
  (f) => `/api/funds/${f}/investors.csv`,
  (f) => `/api/funds/${f}/investor-rows`,
  (f) => `/api/investors/${f}`,
  (f) => `/api/funds/${f}/reconciliation`,
  (f) => `/api/funds/${f}/reconciliation.csv`,
  (f) => `/api/outstanding?fund=${f}`,
  (f) => `/api/outstanding.csv?fund=${f}`,
];
const investorTemplates: ((f: string, i: string) => string)[] = [
  (f, i) => `/api/funds/${f}/investors/${i}`,
  (f, i) => `/api/funds/${f}/investors/${i}/sensitive?field=tax_id`,
  (f, i) => `/api/funds/${f}/investors/${i}/neighbours`,
];
const queryTargets = everyApiRoute(fundId, investorId).map((path) => path.split("?")[0]!);

function generatedCases(): string[] {
  const cases = new Set<string>();
  for (const segment of badSegments) {
    for (const template of fundTemplates) cases.add(template(segment));
    for (const template of investorTemplates) {
      cases.add(template(segment, investorId));
      cases.add(template(fundId, segment));
    }
  }
  for (const target of queryTargets) for (const query of badQueries) cases.add(`${target}?${query}`);
  // Repeated slashes.
  cases.add(`/api/funds//${fundId}`);
  cases.add(`/api//funds`);
  return [...cases];
}

test("at least 200 malformed paths and queries all answer 4xx JSON, none 5xx, and none reaches the upstream", async ({
  baseURL,
}) => {
  test.setTimeout(120_000);
  const cases = generatedCases();
  expect(cases.length).toBeGreaterThanOrEqual(200);
  const cookie = sessionCookieHeader();
  const failures: string[] = [];
  for (const path of cases) {
    const response = await rawRequest(baseURL!, path, "GET", { cookie });
    const json = /application\/json/.test(String(response.headers["content-type"]));
    let message: unknown;
    try {
      message = (JSON.parse(response.body) as { error?: unknown }).error;
    } catch {
      message = undefined;
    }
    if (response.status < 400 || response.status >= 500 || !json || typeof message !== "string") {
      failures.push(`${response.status} ${String(response.headers["content-type"])} ${path.slice(0, 120)}`);
    }
  }
  expect(failures).toEqual([]);
  await expectUpstreamNeverSaw([fundId, investorId, "..", "%2e", "%00", "not-a-uuid", "%zz"]);
});

test("an investor type no investor has is refused by the directory as by a fund's table: 400, on its page too", async ({
  baseURL,
  page,
}) => {
  const cookie = sessionCookieHeader();
  for (const path of [
    "/api/investors?type=junk",
    "/api/investors?type=individual,junk",
    "/api/investors.csv?group=investor&type=junk",
    "/api/investors.xlsx?group=investor&type=junk",
  ]) {
    const response = await rawRequest(baseURL!, path, "GET", { cookie });
    expect(response.status, path).toBe(400);
    expect(JSON.parse(response.body).error, path).toBe('Unknown investor type "junk".');
  }
  await page.goto("/investors?type=junk");
  await expect(page.getByRole("alert").filter({ hasText: "Could not load" })).toContainText(
    'Unknown investor type "junk".',
  );
});
