import { expect, test } from "../support/fixtures";
import { askAll, failedAnswers, localSignInOnly, foundIn, type RouteCall, routeCalls } from "../support/route-walk";
import { get } from "./scope-support";
import { appLog, securityBase, securityFunds, secretsOf, sessionCookie, people, upstreamGet } from "./support";

type Json = Record<string, unknown> & { id: string };

test("no full tax id or account number reaches any route, export or page, at whatever depth the upstream puts it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { small } = await securityFunds();
  const [funds, fund, investors] = await Promise.all([
    upstreamGet<Json[]>("/funds"),
    upstreamGet<Json>(`/funds/${small}`),
    upstreamGet<Json[]>(`/funds/${small}/investors`),
  ]);
  const secrets = [...new Set([...secretsOf(funds), ...secretsOf(fund), ...secretsOf(investors)])];
  // Not vacuous: the upstream carries them at the top level (the field reference) and inside unknown objects.
  expect(investors.filter((investor) => typeof investor.tax_id === "string").length).toBeGreaterThan(0);
  const nestedUnknown = investors.flatMap((investor) =>
    secretsOf(
      Object.fromEntries(Object.entries(investor).filter(([key]) => !["tax_id", "investment_account"].includes(key))),
    ),
  );
  expect(nestedUnknown.length).toBeGreaterThan(0);

  // An admin, so the audit trail and /access answer too.
  const cookie = await sessionCookie(people.ada, "127.10.0.2");
  const investor = investors.find((candidate) => typeof candidate.tax_id === "string")!;
  // The investor's directory key, once the directory has read every fund.
  await expect
    .poll(async () => JSON.parse((await get(securityBase, "/api/investors?limit=1", cookie)).text).complete, {
      timeout: 90_000,
    })
    .toBe(true);
  const name = String((investor.investment_account as Json).display_name);
  const found = JSON.parse((await get(securityBase, `/api/search?q=${encodeURIComponent(name)}`, cookie)).text);
  const key = String(found.investors[0].key);

  // Every GET route of the manifest, and the views that ask for the secret columns by name or for every row.
  const calls = routeCalls({ fundId: small, investorId: investor.id, key }, name);
  const view = (template: string, path: string): RouteCall => ({
    route: calls.find(({ route }) => route.template === template)!.route,
    method: "GET",
    path,
  });
  const secretColumns = ["name", "investment_account.tax_id", "investment_account.bank.account_number"].join(",");
  const views = [
    view(
      "/api/funds/[fundId]/investor-rows",
      `/api/funds/${small}/investor-rows?limit=500&cols=${encodeURIComponent(secretColumns)}`,
    ),
    view("/api/funds/[fundId]/investors.csv", `/api/funds/${small}/investors.csv?all=1`),
    view("/api/funds/[fundId]/investors.csv", `/api/funds/${small}/investors.csv?sort=commitment_amount.desc`),
    view("/api/funds.csv", "/api/funds.csv?all=1"),
  ];
  const answers = await askAll(securityBase, cookie, [...calls, ...views]);
  expect(failedAnswers(answers, localSignInOnly)).toEqual([]);
  expect(answers.find(({ call }) => call.route.template === "/api/investors/[key]")?.text).toContain(investor.id);
  // A reveal is the one place the full value appears: it is asked for the tax id, and gives it (below).
  const problems = answers
    .filter(({ call }) => !call.route.template.endsWith("/sensitive"))
    .flatMap(({ call, headers, text }) => {
      const found = foundIn(JSON.stringify(headers) + text, secrets);
      return found.length > 0 ? [`${found.length} full secrets in ${call.path}`] : [];
    });
  expect(problems).toEqual([]);

  // The page as a person sees it, "Other fields" open: masked values only.
  await page.context().addCookies([{ name: "fe_session", value: cookie.split("=")[1]!, url: securityBase }]);
  await page.goto(`${securityBase}/funds/${small}/investors/${investor.id}`);
  await page.getByText(/^Other fields/).click();
  const text = await page.locator("main").innerText();
  expect(text).toContain("•••••");
  for (const secret of secrets) expect(text.includes(secret), "a full secret on the investor page").toBe(false);

  // Reveal finds the tax id where this upstream puts it (the top level), and only there does the full value appear.
  const reveal = answers.find(
    ({ call }) => call.route.template === "/api/funds/[fundId]/investors/[investorId]/sensitive",
  )!;
  expect(JSON.parse(reveal.text)).toEqual({ field: "tax_id", value: investor.tax_id });
  for (const secret of secrets) expect(appLog().includes(secret), "a full secret in the server log").toBe(false);
});
