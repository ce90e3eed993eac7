import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "./support/fixtures";
import { upstreamGet, upstreamToken } from "./support/upstream";

interface RawFund {
  id: string;
  legal_entity?: { tax_id?: string | null } | null;
  bank?: { account_number?: string | null } | null;
}
interface RawInvestor {
  id: string;
  investment_account?: { tax_id?: string | null; bank?: { account_number?: string | null } | null } | null;
}

interface Seen {
  url: string;
  text: string;
}

test("the API token appears nowhere, and full tax ids and account numbers only in the sensitive routes", async ({
  page,
}) => {
  const token = upstreamToken();
  const funds = await upstreamGet<RawFund[]>("/funds");
  const fund = funds.find((f) => f.legal_entity?.tax_id && f.bank?.account_number)!;
  const investors = await upstreamGet<RawInvestor[]>(`/funds/${fund.id}/investors`);
  const investor = investors.find((i) => i.investment_account?.tax_id && i.investment_account.bank?.account_number)!;
  const secrets = [
    fund.legal_entity!.tax_id!,
    fund.bank!.account_number!,
    investor.investment_account!.tax_id!,
    investor.investment_account!.bank!.account_number!,
  ];

  const seen: Seen[] = [];
  page.on("response", async (response) => {
    const headers = JSON.stringify(await response.allHeaders());
    const body = await response.text().catch(() => "");
    seen.push({ url: response.url(), text: headers + body });
  });
  await page.goto("/funds");
  await page.goto(`/funds/${fund.id}`);
  await page.waitForLoadState("networkidle");
  // The directory and an investor across funds carry the same masked records.
  await page.goto("/investors");
  await page.getByRole("table", { name: "Investors" }).getByRole("link").first().click();
  await page.getByRole("table", { name: "Positions" }).waitFor();
  await page.waitForLoadState("networkidle");
  await page.goto("/outstanding");
  await page.getByRole("table", { name: "Positions with capital outstanding" }).waitFor();
  await page.waitForLoadState("networkidle");

  const apiPaths = [
    "/api/funds",
    "/api/fund-rows",
    `/api/funds/${fund.id}`,
    `/api/funds/${fund.id}/investors`,
    `/api/funds/${fund.id}/investor-rows?limit=500`,
    `/api/funds/${fund.id}/investors/${investor.id}/neighbours`,
    `/api/funds/${fund.id}/investors/${investor.id}`,
    "/api/investors?limit=500",
    `/api/search?q=${encodeURIComponent(investor.investment_account?.tax_id?.slice(-4) ?? "a")}`,
    "/api/investors.csv?group=investor&partial=1",
    "/api/reconciliation",
    `/api/funds/${fund.id}/reconciliation`,
    `/api/funds/${fund.id}/reconciliation.csv`,
    "/api/outstanding?limit=500",
    "/api/outstanding/emails",
    "/api/outstanding/funds",
    "/api/outstanding.csv?partial=1",
  ];
  for (const path of apiPaths) {
    const response = await page.request.get(path);
    seen.push({ url: path, text: JSON.stringify(response.headers()) + (await response.text()) });
  }
  const scripts = seen.filter((s) => s.url.includes("/_next/static/"));
  expect(scripts.length, "JS assets were inspected").toBeGreaterThan(0);

  for (const { url, text } of seen) {
    expect(text.includes(token), `token in ${url}`).toBe(false);
    for (const secret of secrets) expect(text.includes(secret), `a full secret in ${url}`).toBe(false);
  }

  // The sensitive routes do carry them: the check above is not vacuous.
  // As the page's own Reveal asks: same-origin.
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
