import { readFile } from "node:fs/promises";
import type { Download, Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { csvCell } from "../../lib/csv/cell";
import { valueAt } from "../../lib/table/types";

export interface SavedCsv {
  name: string;
  bytes: Buffer;
  header: string[];
  rows: Record<string, string>[];
}

export async function readDownload(download: Download): Promise<SavedCsv> {
  return parseCsv(await readFile((await download.path())!), download.suggestedFilename());
}

/** A CSV file's header and rows, each row by its header's field paths. */
export function parseCsv(bytes: Buffer, name: string): SavedCsv {
  const records: string[][] = parse(bytes.toString("utf8").replace(/^\uFEFF/, ""));
  const [header = [], ...data] = records;
  return {
    name,
    bytes,
    header,
    rows: data.map((record) => Object.fromEntries(header.map((key, i) => [key, record[i] ?? ""]))),
  };
}

export interface DownloadOptions {
  all?: boolean;
  sensitive?: boolean;
  bom?: boolean;
}

/** Opens a toolbar's "Download CSV" menu, sets its options and presses one of its buttons; the saved download. */
export async function downloadFromMenu(
  page: Page,
  scope: Locator,
  options: DownloadOptions,
  button: "Download" | "Excel (.xlsx)",
): Promise<Download> {
  const menu = scope.locator("details").filter({ has: page.getByText("Download CSV", { exact: true }) });
  if ((await menu.getAttribute("open")) === null) await menu.getByText("Download CSV", { exact: true }).click();
  if (options.all) await scope.getByRole("radio", { name: /^Every row/ }).check();
  if (options.sensitive) await scope.getByRole("checkbox", { name: /Include sensitive fields/ }).check();
  if (options.bom) await scope.getByRole("checkbox", { name: /Excel \(UTF-8 with BOM\)/ }).check();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    menu.getByRole("button", { name: button, exact: true }).click(),
  ]);
  return download;
}

/** Opens a toolbar's "Download CSV" menu, sets its options and saves what it downloads. */
export async function downloadCsv(page: Page, scope: Locator, options: DownloadOptions = {}): Promise<SavedCsv> {
  return readDownload(await downloadFromMenu(page, scope, options, "Download"));
}

/** The cell the CSV must hold for a field of a JSON record from the proxy. */
export function expectedCell(record: unknown, path: string): string {
  if (path === "team_members") {
    const members =
      (record as { team_members?: { member_name?: string | null; member_email?: string | null }[] | null })
        .team_members ?? [];
    return members
      .map((m) => [m.member_name, m.member_email && `<${m.member_email}>`].filter(Boolean).join(" "))
      .join("; ");
  }
  if (path === "investment_account.bank.bank_name") {
    return csvCell(valueAt(record, path) ?? valueAt(record, "investment_account.bank.name"));
  }
  return csvCell(valueAt(record, path));
}
