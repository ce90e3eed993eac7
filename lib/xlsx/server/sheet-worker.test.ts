import ExcelJS from "exceljs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type ExportColumn, encodedRows, rowsBody, rowsCollector } from "../../csv/export-format";
import { sheetPoolLoad } from "./sheet-pool";
import { xlsxFormat } from "./xlsx-format";

interface Row {
  id: string;
  amount: string;
}

const columns: ExportColumn<Row>[] = [
  { header: "id", value: (row) => row.id, kind: "text" },
  { header: "amount", value: (row) => row.amount, kind: "money" },
];
const rows = (count: number): Row[] =>
  Array.from({ length: count }, (_, at) => ({ id: String(at).padStart(6, "0"), amount: `${at}.25` }));

async function sheetOf(body: ReadableStream<Uint8Array>): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(body).arrayBuffer());
  return workbook.worksheets[0]!;
}

/** Waits until every job has left the workers (they answer on their own thread). */
async function jobsEnded() {
  await vi.waitFor(() => expect(sheetPoolLoad().jobs).toBe(0), { timeout: 5_000, interval: 10 });
}

/** A list read into an xlsx collector as the upstream reader does: records one by one, then done. */
function readList(list: Row[]) {
  const collector = rowsCollector(xlsxFormat, columns, { batchSize: 100, early: true });
  for (const row of list) collector.add(row, undefined);
  return collector;
}

afterEach(() => vi.useRealTimers());

describe("xlsx files written by a worker thread", () => {
  it("writes a list's file while it is read, and sends it whole once the read succeeded", async () => {
    const collector = readList(rows(1_000));
    // The worker has the first batches before the read ends: the writing overlaps the read.
    expect(sheetPoolLoad().jobs).toBe(1);
    const chunks = collector.done();
    const sheet = await sheetOf(xlsxFormat.body(columns, chunks, { sheet: "Investors - Fund: A" }));
    expect(sheet.name).toBe("Investors - Fund A");
    expect(sheet.rowCount).toBe(1_001);
    expect(sheet.getRow(1_001).values).toEqual([undefined, "000999", 999.25]);
    expect(sheet.getRow(2).getCell(2).numFmt).toBe("#,##0.00");
    await jobsEnded();
  });

  it("gives each download of a shared read the whole file", async () => {
    const chunks = readList(rows(300)).done();
    const [first, second] = await Promise.all([
      sheetOf(xlsxFormat.body(columns, chunks)),
      sheetOf(xlsxFormat.body(columns, chunks)),
    ]);
    expect(first.rowCount).toBe(301);
    expect(second.rowCount).toBe(301);
    expect(second.getRow(301).values).toEqual(first.getRow(301).values);
  });

  it("drops the file of a read that never finished (failed or retried): nothing is sent short", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    readList(rows(500));
    expect(sheetPoolLoad().jobs).toBe(1);
    vi.advanceTimersByTime(20_000);
    vi.useRealTimers();
    await jobsEnded();
  });

  it("frees the worker when the download is cancelled", async () => {
    const body = rowsBody(xlsxFormat, rows(50_000), columns);
    const reader = body.getReader();
    await reader.read();
    expect(sheetPoolLoad().jobs).toBe(1);
    await reader.cancel();
    await jobsEnded();
  });

  it("fails the download when the worker cannot write the file", async () => {
    // Excel has 16,384 columns: ExcelJS refuses one more, in the worker.
    const wide: ExportColumn<Row>[] = Array.from({ length: 16_385 }, (_, at) => ({
      header: `c${at}`,
      value: (row) => row.id,
    }));
    let failed = false;
    const body = xlsxFormat.body(wide, encodedRows(xlsxFormat, rows(2), wide), { onError: () => (failed = true) });
    await expect(new Response(body).arrayBuffer()).rejects.toThrow(/could not be written/);
    expect(failed).toBe(true);
    await jobsEnded();
  });
});
