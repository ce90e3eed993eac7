import { readFileSync } from "node:fs";
import { join } from "node:path";
import { wholeDirectory } from "./support/directory";
import { expect, test } from "./support/fixtures";
import { askAll, failedAnswers, localSignInOnly, foundIn, routeCalls } from "./support/route-walk";
import { sessionCookieHeader } from "./support/session";
import { upstreamGet, upstreamToken } from "./support/upstream";

interface RawFund {
  id: string;
  legal_entity?: { tax_id?: string | null } | null;
  bank?: { account_number?: string | null } | null;
}
interface RawInvestor {
  id: string;
  primary_contact?: { email?: string | null } | null;
  investment_account?: { tax_id?: string | null; bank?: { account_number?: string | null } | null } | null;
}

interface Seen {
  url: string;
  text: string;
  /** A reveal route's answer, which is meant to carry the full value it was asked for. */
  reveal?: boolean;
}

test("the API token appears in no answer of any route, and full tax ids and account numbers only in the reveals", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const token = upstreamToken();
  const funds = await upstreamGet<RawFund[]>("/funds");
  const fund = funds.find((f) => f.legal_entity?.tax_id && f.bank?.account_number)!;
  const investors = await upstreamGet<RawInvestor[]>(`/funds/${fund.id}/investors`);
  const investor = investors.find(
    (i) => i.investment_account?.tax_id && i.investment_account.bank?.account_number && i.primary_contact?.email,
  )!;
  const secrets = [
    fund.legal_entity!.tax_id!,
    fund.bank!.account_number!,
    investor.investment_account!.tax_id!,
    investor.investment_account!.bank!.account_number!,
  ];

  // What the pages themselves load in a browser: scripts, styles and the API reads they make.
  const seen: Seen[] = [];
  page.on("response", async (response) => {
    const headers = JSON.stringify(await response.allHeaders());
    const body = await response.text().catch(() => "");
    seen.push({ url: response.url(), text: headers + body });
  });
  await page.goto(`/funds/${fund.id}`);
  await page.waitForLoadState("networkidle");
  await page.goto("/investors");
  await page.getByRole("table", { name: "Investors" }).getByRole("link").first().click();
  await page.getByRole("table", { name: "Positions" }).waitFor();
  await page.waitForLoadState("networkidle");
  const scripts = seen.filter((s) => s.url.includes("/_next/static/"));
  expect(scripts.length, "JS assets were inspected").toBeGreaterThan(0);

  // Every GET route of the manifest, pages and files alike, with this fund's and investor's ids and the investor's
  // directory key.
  await wholeDirectory(page.request);
  const email = investor.primary_contact!.email!;
  const found = (await (await page.request.get(`/api/search?q=${encodeURIComponent(email)}`)).json()) as {
    investors: { key: string }[];
  };
  const key = found.investors[0]!.key;
  const calls = routeCalls({ fundId: fund.id, investorId: investor.id, key }, secrets[2]!.slice(-4));
  // The directory's own view of the same file route, beside its every-position file.
  const directoryFile = calls.find(({ route }) => route.template === "/api/investors.csv")!;
  calls.push({ ...directoryFile, path: "/api/investors.csv?group=investor&partial=1" });
  const answers = await askAll(baseURL!, sessionCookieHeader(), calls);
  expect(failedAnswers(answers, localSignInOnly)).toEqual([]);
  // The directory's answer holds this investor's record: its secrets had a place to leak into.
  expect(answers.find(({ call }) => call.route.template === "/api/investors/[key]")?.text).toContain(investor.id);
  for (const { call, headers, text } of answers)
    seen.push({
      url: call.path,
      text: JSON.stringify(headers) + text,
      reveal: call.route.template.endsWith("/sensitive"),
    });

  const problems = seen.flatMap(({ url, text, reveal }) =>
    foundIn(text, reveal ? [token] : [token, ...secrets]).map((found) =>
      found === token ? `the token in ${url}` : `a full secret in ${url}`,
    ),
  );
  expect(problems).toEqual([]);

  // The reveals do carry them: the check above is not vacuous. As the page's own Reveal asks: same-origin.
  const headers = { "sec-fetch-site": "same-origin" };
  const reveal = async (path: string) =>
    (await (await page.request.get(`${path}?field=tax_id`, { headers })).text()) +
    (await (await page.request.get(`${path}?field=account_number`, { headers })).text());
  const fundSecrets = await reveal(`/api/funds/${fund.id}/sensitive`);
  const investorSecrets = await reveal(`/api/funds/${fund.id}/investors/${investor.id}/sensitive`);
  expect(fundSecrets).toContain(secrets[0]);
  expect(fundSecrets).toContain(secrets[1]);
  expect(investorSecrets).toContain(secrets[2]);
  expect(investorSecrets).toContain(secrets[3]);
  expect(fundSecrets + investorSecrets).not.toContain(token);

  const log = readFileSync(join(process.cwd(), ".e2e", "app.log"), "utf8");
  expect(log, "the server logged requests").toContain('"event":"request"');
  expect(log.includes(token), "token in the server log").toBe(false);
  for (const secret of secrets) expect(log.includes(secret), "a full secret in the server log").toBe(false);
});
