import { readFile } from "node:fs/promises";
import type { Download, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { parseCsv, readDownload, type SavedCsv } from "./support/csv";
import { pdfText, zipEntries } from "./support/pdf";
import { readXlsx } from "./support/xlsx";
import { formatMoney } from "../lib/values/format";
import { lastClosedQuarter } from "../lib/statements/periods";

// The embedded demo's first start keeps its past, so last quarter has statements: an investor's, on screen and in its
// three files, and a fund's batch, one PDF per investor; each download is a row of the audit trail.

test.setTimeout(120_000);
const quarter = lastClosedQuarter(new Date());
const nonLatin1 = /[^\u0000-\u00ff]/;

async function saved(page: Page, name: string | RegExp): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return download;
}

test("an investor's statement for last quarter on screen, as PDF, CSV and Excel; a fund's batch as a zip", async ({
  page,
}) => {
  const funds = (await (await page.request.get("/api/funds")).json()) as { id: string }[];
  // The past is kept before the first round: wait until last quarter's statements exist (a 404 says they do not yet).
  let rows: SavedCsv["rows"] = [];
  let fundId = "";
  await expect
    .poll(
      async () => {
        for (const fund of funds.slice(3, 12)) {
          const answer = await page.request.get(`/api/funds/${fund.id}/statements.csv?period=${quarter.key}`);
          if (!answer.ok()) continue;
          const csv = parseCsv(Buffer.from(await answer.body()), "statements.csv");
          // A fund with an investor who contributed, one who received a distribution, one named outside Latin-1.
          const found = [
            csv.rows.some((row) => Number(row.contributions) > 0),
            csv.rows.some((row) => Number(row.distributions) > 0),
            csv.rows.some((row) => nonLatin1.test(row.investor_legal_name!)),
          ];
          if (found.every(Boolean)) [rows, fundId] = [csv.rows, fund.id];
          if (found.every(Boolean)) return true;
        }
        return false;
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(true);
  const row = rows.find((candidate) => Number(candidate.contributions) > 0)!;

  await page.goto(`/funds/${fundId}/investors/${row.investor_id}`);
  const section = page.getByRole("region", { name: "Statement" });
  await section.getByRole("combobox", { name: "Period" }).selectOption(quarter.key);
  await section.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`period=${quarter.key}`));
  const account = section.getByRole("table", { name: "Capital account" });
  await expect(account.getByRole("row", { name: /Contributions in the period/ })).toContainText(
    formatMoney(row.contributions!),
  );
  await expect(account.getByRole("row", { name: /Net asset value at the closing read/ })).toContainText(
    formatMoney(row.closing_net_asset_value!),
  );
  await expect(section.getByText(row.investor_legal_name!, { exact: true })).toBeVisible();

  const pdf = await pdfText(await readFile((await (await saved(page, "PDF")).path())!));
  for (const value of [
    row.investor_legal_name!,
    formatMoney(row.contributions!),
    formatMoney(row.closing_net_asset_value!),
  ])
    expect(pdf).toContain(value);
  expect(pdf).toContain(quarter.label);
  const csv = await readDownload(await saved(page, "CSV"));
  expect(csv.rows).toHaveLength(1);
  expect(csv.rows[0]).toMatchObject({ investor_id: row.investor_id, contributions: row.contributions });
  const xlsx = await readXlsx(await saved(page, "Excel (.xlsx)"));
  expect(xlsx.header).toEqual(csv.header);
  expect(String(xlsx.rows[0]![xlsx.header.indexOf("investor_id")])).toBe(row.investor_id);

  // From the fund: its statements for the quarter, then the batch, one PDF per investor.
  await page.goto(`/funds/${fundId}`);
  await page.getByRole("link", { name: "Statements", exact: true }).click();
  await page.getByRole("combobox", { name: "Period" }).selectOption(quarter.key);
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Statements, ${quarter.label}` })).toBeVisible();
  await expect(page.getByText(/Ties out|difference/).first()).toBeVisible();
  const zip = await zipEntries(await readFile((await (await saved(page, /zip of PDFs/)).path())!));
  const pdfs = [...zip.keys()].filter((name) => name.endsWith(".pdf"));
  expect(pdfs).toHaveLength(rows.length);
  expect(pdfs.some((name) => name.endsWith(`${row.investor_id}.pdf`))).toBe(true);
  expect(zip.has("statements.csv")).toBe(true);
  // The PDFs of one who received a distribution and of one named outside Latin-1, read back: their figures exactly.
  const distributed = rows.find((candidate) => Number(candidate.distributions) > 0)!;
  const named = rows.find((candidate) => nonLatin1.test(candidate.investor_legal_name!))!;
  for (const one of [distributed, named]) {
    const entry = [...zip.keys()].find((name) => name.endsWith(`${one.investor_id}.pdf`))!;
    const text = await pdfText(zip.get(entry)!);
    expect(text).toContain(one.investor_legal_name!);
    for (const field of ["distributions", "net_change_in_value_derived", "closing_net_asset_value"])
      if (one[field]) expect(text, field).toContain(formatMoney(one[field]!));
  }

  // Every download is a row of the audit trail: who, the fund, the investor or the batch, the period, the format.
  const audit = (await (await page.request.get("/api/audit?action=statement")).json()) as {
    rows: { fundId: string; investorId: string | null; detail: string | null }[];
  };
  const details = audit.rows.filter((entry) => entry.fundId === fundId).map((entry) => entry.detail ?? "");
  for (const format of ["pdf", "csv", "xlsx"]) expect(details).toContain(`statement.${format} ${quarter.key}`);
  expect(details.some((detail) => detail.startsWith(`batch.zip ${quarter.key}`))).toBe(true);
});
