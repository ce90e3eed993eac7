import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { type ExportColumn, encodedRows, rowsBody } from "../../csv/export-format";
import { xlsxFormat } from "./xlsx-format";

interface Row {
  id: string;
  amount: string | null;
  percent: string;
  date: string;
  note: string;
}

const columns: ExportColumn<Row>[] = [
  { header: "id", value: (row) => row.id, kind: "text" },
  { header: "amount", value: (row) => row.amount, kind: "money" },
  { header: "percent", value: (row) => row.percent, kind: "percent" },
  { header: "date", value: (row) => row.date, kind: "date" },
  { header: "note", value: (row) => row.note },
];

const rows: Row[] = [
  { id: "000123", amount: "1000.50", percent: "12.5", date: "2024-01-15", note: "=1+1" },
  { id: "000456", amount: "12345678901234567.89", percent: "2.0", date: "2024-02-29T10:00:00Z", note: "+44 20" },
  { id: "000789", amount: "-500.00", percent: "33.3333333333333333", date: "never", note: "@SUM(A1)" },
  { id: "001000", amount: null, percent: "", date: "", note: "-x" },
];

async function workbookOf(body: ReadableStream<Uint8Array>): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await new Response(body).arrayBuffer());
  return workbook;
}

describe("xlsx body (ExcelJS streaming writer, read back with ExcelJS)", () => {
  it("writes one sheet of typed cells, header bold and frozen, autofilter on, no formula", async () => {
    let done = -1;
    const body = rowsBody(xlsxFormat, rows, columns, { sheet: "Funds: Q1/Q2", onDone: (count) => (done = count) });
    const workbook = await workbookOf(body);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe("Funds Q1 Q2");
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBe("A1:E1");
    expect(sheet.getRow(1).values).toEqual([undefined, "id", "amount", "percent", "date", "note"]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(5);
    expect(done).toBe(4);

    const cell = (row: number, column: number) => sheet.getRow(row).getCell(column);
    expect(cell(2, 1).value).toBe("000123");
    expect(cell(2, 2).value).toBe(1000.5);
    expect(cell(2, 2).numFmt).toBe("#,##0.00");
    expect(cell(2, 3).value).toBe(0.125);
    expect(cell(2, 3).numFmt).toContain("%");
    expect(cell(2, 4).value).toEqual(new Date("2024-01-15T00:00:00Z"));
    expect(cell(3, 2).value).toBe("12345678901234567.89");
    expect(cell(3, 4).value).toEqual(new Date("2024-02-29T10:00:00Z"));
    expect(cell(4, 2).value).toBe(-500);
    expect(cell(4, 3).value).toBe("33.3333333333333333");
    expect(cell(4, 4).value).toBe("never");
    expect(cell(5, 2).value).toBeNull();
    expect(["=1+1", "+44 20", "@SUM(A1)", "-x"]).toEqual([2, 3, 4, 5].map((row) => cell(row, 5).value));
    sheet.eachRow((row) => row.eachCell((each) => expect(each.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it("fits column widths to the header and the first rows", async () => {
    const sheet = (await workbookOf(rowsBody(xlsxFormat, rows, columns))).worksheets[0]!;
    expect(sheet.getColumn(1).width).toBe(8);
    expect(sheet.getColumn(2).width).toBe(22);
  });

  it("writes a header-only file for no rows", async () => {
    const sheet = (await workbookOf(rowsBody(xlsxFormat, [], columns))).worksheets[0]!;
    expect(sheet.rowCount).toBe(1);
  });

  it("errors the stream when the source fails mid-way, never a short file", async () => {
    let failedAt = -1;
    async function* failing() {
      yield* encodedRows(xlsxFormat, rows, columns);
      throw new Error("upstream went away");
    }
    const body = xlsxFormat.body(columns, failing(), { onError: (_error, count) => (failedAt = count) });
    await expect(new Response(body).arrayBuffer()).rejects.toThrow();
    expect(failedAt).toBe(4);
  });

  it("stops writing rows while nobody reads the output", async () => {
    const many = Array.from({ length: 20_000 }, (_, at) => ({
      ...rows[0]!,
      id: String(at),
      note: `note ${at}`.repeat(20),
    }));
    let pulled = 0;
    async function* counted() {
      for await (const chunk of encodedRows(xlsxFormat, many, columns)) {
        pulled += chunk.rows;
        yield chunk;
      }
    }
    let cancelledAt = -1;
    const body = xlsxFormat.body(columns, counted(), { onCancel: (count) => (cancelledAt = count) });
    const reader = body.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pulled).toBeLessThan(many.length);
    await reader.cancel();
    expect(cancelledAt).toBeLessThan(many.length);
  });
});
