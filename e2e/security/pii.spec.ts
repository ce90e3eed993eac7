import { expect, test } from "../support/fixtures";
import { rawRequest } from "../support/raw-http";
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

  const cookie = await sessionCookie(people.olive, "127.10.0.1");
  const investor = investors.find((candidate) => typeof candidate.tax_id === "string")!;
  const paths = [
    "/api/funds",
    `/api/funds/${small}`,
    `/api/funds/${small}/investors`,
    `/api/funds/${small}/investor-rows?limit=500&cols=${encodeURIComponent(["name", "investment_account.tax_id", "investment_account.bank.account_number"].join(","))}`,
    `/api/funds/${small}/investors/${investor.id}`,
    `/api/funds/${small}/investors/${investor.id}/neighbours`,
    "/api/funds.csv?all=1",
    `/api/funds/${small}/investors.csv?all=1`,
    `/api/funds/${small}/investors.csv?sort=commitment_amount.desc`,
    "/funds",
    `/funds/${small}`,
    `/funds/${small}/investors/${investor.id}`,
  ];
  for (const path of paths) {
    const response = await rawRequest(securityBase, path, "GET", { cookie });
    expect(response.status, path).toBe(200);
    for (const secret of secrets) expect(response.body.includes(secret), `a full secret in ${path}`).toBe(false);
  }

  // The page as a person sees it, "Other fields" open: masked values only.
  await page.context().addCookies([{ name: "fe_session", value: cookie.split("=")[1]!, url: securityBase }]);
  await page.goto(`${securityBase}/funds/${small}/investors/${investor.id}`);
  await page.getByText(/^Other fields/).click();
  const text = await page.locator("main").innerText();
  expect(text).toContain("•••••");
  for (const secret of secrets) expect(text.includes(secret), "a full secret on the investor page").toBe(false);

  // Reveal finds the tax id where this upstream puts it (the top level), and only there does the full value appear.
  const reveal = await rawRequest(
    securityBase,
    `/api/funds/${small}/investors/${investor.id}/sensitive?field=tax_id`,
    "GET",
    {
      cookie,
      "sec-fetch-site": "same-origin",
    },
  );
  expect(JSON.parse(reveal.body)).toEqual({ field: "tax_id", value: investor.tax_id });
  for (const secret of secrets) expect(appLog().includes(secret), "a full secret in the server log").toBe(false);
});
