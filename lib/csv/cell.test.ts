import fc from "fast-check";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvCell } from "./cell";
import { csvBody, csvCollector, csvStream, inBatches, type CsvColumn } from "./stream";

const dangerousStart = /^[=+\-@\t\r\n\0]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

async function csvText<T>(rows: T[], columns: CsvColumn<T>[], bom = false): Promise<string> {
  return new Response(csvStream(inBatches(rows, 3), columns, { bom })).text();
}

describe("csvCell", () => {
  it("prefixes cells a spreadsheet would run as a formula", () => {
    for (const text of ["=SUM(A1)", "+1 555 0100", "-abc", "@cmd", "\tx", "\rx", "\nx", "\0x", "=1+1"]) {
      expect(csvCell(text)).toBe(`'${text}`);
    }
  });

  it("leaves plain decimals, including negatives, as numbers", () => {
    for (const text of ["-500.00", "0", "12345678901234567.89", "-0.5"]) expect(csvCell(text)).toBe(text);
  });

  it("keeps values exactly, and empties null and absent", () => {
    expect(csvCell("02139")).toBe("02139");
    expect(csvCell("00123456789")).toBe("00123456789");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(2)).toBe("2");
  });

  it("property: every parsed cell is the original or ' + original, and never starts dangerously unless a plain number", async () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: "grapheme" }),
      fc
        .tuple(fc.string(), fc.constantFrom("\n", "\r\n", "\r", ",", '"', " "), fc.string())
        .map((parts) => parts.join("")),
      fc
        .constantFrom("=", "+", "-", "@", "\t", "\r", "\n", "\0")
        .chain((start) => fc.string().map((rest) => start + rest)),
      fc
        .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat(99))
        .map(([neg, whole, cents]) => `${neg ? "-" : ""}${whole}.${String(cents).padStart(2, "0")}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(text, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        async (table) => {
          const width = Math.max(...table.map((row) => row.length));
          const columns = Array.from({ length: width }, (_, i) => ({
            header: `c${i}`,
            value: (row: string[]) => row[i],
          }));
          const parsed: string[][] = parse(await csvText(table, columns), { relax_column_count: false });
          expect(parsed[0]).toEqual(columns.map((c) => c.header));
          parsed.slice(1).forEach((row, r) => {
            row.forEach((cell, c) => {
              const original = table[r]![c] ?? "";
              expect(cell === original || cell === `'${original}`).toBe(true);
              if (dangerousStart.test(cell)) expect(plainNumber.test(cell)).toBe(true);
            });
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("csvStream", () => {
  const columns: CsvColumn<Record<string, string | null>>[] = [
    { header: "investment_account.legal_name", value: (r) => r.name },
    { header: "commitment_amount", value: (r) => r.amount },
  ];

  it("writes RFC 4180: a header of field paths, CRLF, every text cell quoted, plain decimals and empties bare", async () => {
    const text = await csvText(
      [
        { name: 'Acme, "The" Fund', amount: "1000.50" },
        { name: "Line\nbreak", amount: null },
      ],
      columns,
    );
    expect(text).toBe(
      '"investment_account.legal_name","commitment_amount"\r\n"Acme, ""The"" Fund",1000.50\r\n"Line\nbreak",\r\n',
    );
  });

  it("quotes edge whitespace, a lone CR, and values a locale's separator would split (`;`, `,` first)", async () => {
    const text = await csvText(
      [
        { name: " Lead", amount: "tab\t" },
        { name: "cr\rhere", amount: "plain" },
        { name: ";=1+2", amount: ",x" },
      ],
      columns,
    );
    expect(text.split("\r\n").slice(1, 4)).toEqual(['" Lead","tab\t"', '"cr\rhere","plain"', '";=1+2",",x"']);
    expect(parse(text).slice(1)).toEqual([
      [" Lead", "tab\t"],
      ["cr\rhere", "plain"],
      [";=1+2", ",x"],
    ]);
  });

  it("writes the same file batch by batch as from a collector fed record by record", async () => {
    const rows = Array.from({ length: 2_500 }, (_, i) => ({ name: `Investor ${i}, LP`, amount: `${i}.00` }));
    const collector = csvCollector(columns);
    rows.forEach((row) => collector.add(row, undefined));
    const collected = await new Response(csvBody(columns, collector.done())).text();
    expect(collected).toBe(await csvText(rows, columns));
    expect(parse(collected)).toHaveLength(2_501);
  });

  it("keeps non-ASCII names and adds a BOM only when asked", async () => {
    const rows = [{ name: "Zoë Müller 株式会社", amount: "12345678901234567.89" }];
    const plain = await csvText(rows, columns);
    expect(plain.charCodeAt(0)).not.toBe(0xfeff);
    expect(parse(plain)[1]).toEqual(["Zoë Müller 株式会社", "12345678901234567.89"]);
    const withBom = await new Response(csvStream(inBatches(rows), columns, { bom: true })).arrayBuffer();
    expect([...new Uint8Array(withBom).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("errors the stream when a batch source fails mid-way, so no short file looks complete", async () => {
    async function* failing() {
      yield [{ name: "a", amount: "1" }];
      throw new Error("upstream went away");
    }
    await expect(new Response(csvStream(failing(), columns)).text()).rejects.toThrow();
  });
});
