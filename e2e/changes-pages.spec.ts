import { expect, test } from "./support/fixtures";

const today = new Date().toISOString().slice(0, 10);

// /changes comes a page at a time: the page is in the URL beside the view, and a page past the last says so.

test("the changes' pages: counted over the whole view, the page in the URL, a page past the last leads back", async ({
  page,
  request,
}) => {
  const first = await request.get("/api/changes?since=30d");
  expect(first.status()).toBe(200);
  const body = await first.json();
  expect(body.page).toMatchObject({ number: 1, size: 200 });
  expect(body.page.pages).toBe(Math.max(1, Math.ceil(body.page.lines / body.page.size)));
  const shown = body.days.flatMap((day: { funds: { investors: unknown[] }[] }) => day.funds);
  expect(
    shown.reduce((sum: number, fund: { investors: unknown[] }) => sum + Math.max(1, fund.investors.length), 0),
  ).toBe(Math.min(body.page.lines, body.page.size));
  for (const bad of ["0", "-1", "x", "1.5"])
    expect((await request.get(`/api/changes?since=30d&page=${bad}`)).status(), bad).toBe(400);

  const past = body.page.pages + 1;
  await page.goto(`/changes?since=30d&page=${past}`);
  const pager = page.getByRole("navigation", { name: "Pages of changes" });
  await expect(pager.getByText(`Page ${past} is past the last (${body.page.pages}).`)).toBeVisible();
  await expect(page.locator("article[data-fund]")).toHaveCount(0);
  await pager.getByRole("link", { name: "← Previous changes" }).click();
  await expect(page).toHaveURL(body.page.pages === 1 ? /\/changes\?since=30d$/ : new RegExp(`page=${body.page.pages}`));
  await expect(page.getByText(/funds? compared/)).toBeVisible();
  // The files are the view's, every page: they name no page. Excel (.xlsx) sits beside the CSV, as on every table.
  for (const [button, extension] of [
    ["Download the changes (CSV)", "csv"],
    ["Excel (.xlsx)", "xlsx"],
  ]) {
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith("/api/changes."));
    const saved = page.waitForEvent("download");
    await page.getByRole("button", { name: button, exact: true }).click();
    const url = new URL((await asked).url());
    expect(`${url.pathname}${url.search}`).toBe(`/api/changes.${extension}?since=30d`);
    expect((await saved).suggestedFilename()).toBe(`changes-${today}.${extension}`);
  }
});
