import type { APIRequestContext } from "@playwright/test";
import { readDownload } from "./support/csv";
import { expect, test } from "./support/fixtures";
import { sessionCookieHeader } from "./support/session";
import { resetUpstream, upstreamGet, upstreamUrl } from "./support/upstream";

// Two healthy small funds made to fail, one with 5xx and one with a malformed body, for this spec only.
async function failTwoFunds(): Promise<{ id: string; name: string }[]> {
  const funds =
    await upstreamGet<{ id: string; investor_count?: number; legal_entity?: { display_name?: string } }[]>("/funds");
  const chosen = funds.slice(4, 6);
  const response = await fetch(`${upstreamUrl}/__demo/control`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ fundFaults: { [chosen[0]!.id]: "error", [chosen[1]!.id]: "malformed" } }),
  });
  expect(response.ok).toBe(true);
  return chosen.map((fund) => ({ id: fund.id, name: fund.legal_entity!.display_name! }));
}

/** Reads every fund again until the two failing ones are named: the organization's views and files see them then. */
async function untilNamed(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const page = (await (await request.get("/api/investors?limit=1&refresh=1")).json()) as {
          complete: boolean;
          failedFunds: { id: string }[];
        };
        return page.complete && page.failedFunds.length;
      },
      { timeout: 30_000 },
    )
    .toBe(2);
}

test.describe.configure({ mode: "serial" });
test.use({ allowedConsoleErrors: /status of 409/ });
test.afterAll(async () => resetUpstream());

test("with two funds failing, the directory lists every investor of the others and names the two, with Retry", async ({
  page,
  request,
}) => {
  const failed = await failTwoFunds();
  await untilNamed(request);

  const funds = await upstreamGet<{ id: string }[]>("/funds");
  const healthy = funds.filter((fund) => !failed.some((bad) => bad.id === fund.id));
  const positions = (
    await Promise.all(healthy.map((fund) => upstreamGet<unknown[]>(`/funds/${fund.id}/investors`)))
  ).reduce((sum, list) => sum + list.length, 0);
  let listed = 0;
  for (let offset = 0, done = false; !done; offset += 500) {
    const body = await (await request.get(`/api/investors?limit=500&offset=${offset}`)).json();
    listed += (body.rows as { funds: number }[]).reduce((sum, row) => sum + row.funds, 0);
    done = offset + 500 >= body.matched;
  }
  expect(listed).toBe(positions);

  await page.goto("/investors");
  const alert = page.getByRole("alert").filter({ hasText: "could not be read" });
  for (const fund of failed) await expect(alert).toContainText(fund.name);
  await expect(alert.getByRole("button", { name: "Retry" })).toBeVisible();

  // The header's search spans the same funds: "nothing matches" names the two it could not search.
  await page.keyboard.press("/");
  await page.getByRole("combobox", { name: "Search funds and investors" }).pressSequentially("zzqx");
  const answer = page.getByRole("status").filter({ hasText: "Nothing matches" });
  await expect(answer).toContainText("Not searched: 2 funds could not be read");
  for (const fund of failed) await expect(answer).toContainText(fund.name);
});

test("the all-investors download names the failed funds and offers the file without them, which says so", async ({
  page,
  baseURL,
  request,
}) => {
  const failed = await failTwoFunds();
  await untilNamed(request);
  const refused = await fetch(`${baseURL}/api/investors.csv`, { headers: { cookie: sessionCookieHeader() } });
  expect(refused.status).toBe(409);
  expect(((await refused.json()).failedFunds as { id: string }[]).map((fund) => fund.id).sort()).toEqual(
    failed.map((fund) => fund.id).sort(),
  );

  await page.goto("/funds");
  await page.getByRole("button", { name: "All investors (CSV)" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "could not be read" });
  for (const fund of failed) await expect(alert).toContainText(fund.name);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    alert.getByRole("button", { name: "Download without them" }).click(),
  ]);
  const csv = await readDownload(download);
  expect(csv.name).toMatch(/^all-investors-\d{4}-\d{2}-\d{2}-partial\.csv$/);
  expect(csv.rows.some((row) => failed.some((fund) => fund.id === row["fund.id"]))).toBe(false);

  const partial = await fetch(`${baseURL}/api/investors.csv?partial=1`, { headers: { cookie: sessionCookieHeader() } });
  expect(partial.status).toBe(200);
  expect(partial.headers.get("x-missing-funds")?.split(",").sort()).toEqual(failed.map((fund) => fund.id).sort());
  await partial.arrayBuffer();
});

test("the all-investors Excel file is refused the same way, or named -partial without the failed funds", async ({
  baseURL,
  request,
}) => {
  const failed = (await failTwoFunds()).map((fund) => fund.id).sort();
  await untilNamed(request);
  const headers = { cookie: sessionCookieHeader() };
  const refused = await fetch(`${baseURL}/api/investors.xlsx`, { headers });
  expect(refused.status).toBe(409);
  expect(((await refused.json()).failedFunds as { id: string }[]).map((fund) => fund.id).sort()).toEqual(failed);
  const partial = await fetch(`${baseURL}/api/investors.xlsx?partial=1`, { headers });
  expect(partial.status).toBe(200);
  expect(partial.headers.get("content-disposition")).toMatch(/all-investors-\d{4}-\d{2}-\d{2}-partial\.xlsx/);
  expect(partial.headers.get("x-missing-funds")?.split(",").sort()).toEqual(failed);
  await partial.arrayBuffer();
});

test("capital outstanding of one healthy fund downloads whole while two others fail; the whole view names them", async ({
  baseURL,
}) => {
  const failed = (await failTwoFunds()).map((fund) => fund.id).sort();
  const headers = { cookie: sessionCookieHeader() };
  const whole = await fetch(`${baseURL}/api/outstanding.csv`, { headers });
  expect(whole.status).toBe(409);
  expect(((await whole.json()).failedFunds as { id: string }[]).map((fund) => fund.id).sort()).toEqual(failed);
  const funds = await upstreamGet<{ id: string }[]>("/funds");
  const healthy = funds.find((fund) => !failed.includes(fund.id))!.id;
  const one = await fetch(`${baseURL}/api/outstanding.csv?fund=${healthy}`, { headers });
  expect(one.status).toBe(200);
  expect(one.headers.get("content-disposition")).not.toContain("partial");
  expect(one.headers.get("x-missing-funds")).toBeNull();
  await one.arrayBuffer();
  // A failed fund's own view is refused, naming it.
  const own = await fetch(`${baseURL}/api/outstanding.csv?fund=${failed[0]}`, { headers });
  expect(own.status).toBe(409);
  expect(((await own.json()).failedFunds as { id: string }[]).map((fund) => fund.id)).toEqual([failed[0]]);
});
