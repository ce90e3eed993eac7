import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import type { Statement } from "../types";
import { statementsZipStream } from "./zip";

// The fund's zip: statements.csv and one PDF per investor; each statement made once the zip has taken the one
// before, so a reader that goes away stops the work.

const statement = (at: number): Statement => ({
  fund: { id: "f", legalName: "Northwind Ventures Fund II, L.P." },
  investor: {
    id: `investor-${at}`,
    legalName: at === 0 ? "Борис Ωμέγα" : `Investor ${at}`,
    taxId: "•••••1234",
    taxIdType: "ssn",
  },
  period: { key: "2026-Q3", label: "Q3 2026", from: "2026-07-01", to: "2026-09-30", ongoing: false },
  opening: { readAt: "2026-06-30T06:00:00.000Z", late: false, joined: false },
  closing: { readAt: "2026-09-30T06:00:00.000Z" },
  produced: { at: "2026-11-29T00:00:00.000Z", by: "ops@example.com" },
  figures: {
    account: {
      openingNav: "100.00",
      contributions: "10.00",
      distributions: "5.00",
      netChange: "1.00",
      closingNav: "106.00",
    },
    commitment: {
      commitment: "200.00",
      contributedToDate: "110.00",
      unfundedOpening: "100.00",
      unfundedClosing: "90.00",
    },
    capital: { due: "200.00", received: "110.00", outstanding: "90.00", dueDate: "2026-08-01", daysOverdue: 60 },
    ratios: { dpi: "0.0455", rvpi: "0.9636", tvpi: "1.0091" },
  },
});

/** `count` statements in batches of 10, counting how many were asked for (made). */
function fund(count: number) {
  const asked = { statements: 0 };
  async function* batches(): AsyncGenerator<Statement[]> {
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, (_, at) => statement(start + at));
      asked.statements += batch.length;
      yield batch;
    }
  }
  return { asked, statements: { batches } };
}

async function drained(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("a fund's zip of statements", () => {
  it("holds statements.csv and one PDF per investor, named by name and id", async () => {
    const { statements } = fund(12);
    const ends: [string, number][] = [];
    const stream = statementsZipStream(statements, {
      signal: new AbortController().signal,
      size: "A4",
      onEnd: (outcome, made) => ends.push([outcome, made]),
    });
    const zip = await JSZip.loadAsync(await drained(stream));
    const names = Object.keys(zip.files);
    expect(names).toContain("statements.csv");
    expect(names.filter((name) => name.endsWith(".pdf"))).toHaveLength(12);
    expect(names).toContain("Борис Ωμέγα-investor-0.pdf");
    expect((await zip.file("statements.csv")!.async("string")).split("\r\n").filter(Boolean)).toHaveLength(13);
    expect(ends).toEqual([["done", 12]]);
  });

  it("stops making statements when the reader goes away", async () => {
    const { statements, asked } = fund(300);
    const ends: [string, number][] = [];
    const stream = statementsZipStream(statements, {
      signal: new AbortController().signal,
      size: "A4",
      onEnd: (outcome, made) => ends.push([outcome, made]),
    });
    const reader = stream.getReader();
    let bytes = 0;
    // statements.csv (~120 KB), then a few PDFs (~20 KB each).
    while (bytes < 400_000) bytes += (await reader.read()).value?.length ?? 0;
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const madeThen = ends[0]![1];
    expect(ends).toEqual([["cancelled", madeThen]]);
    expect(madeThen).toBeGreaterThan(0);
    expect(madeThen).toBeLessThan(60);
    // The work stopped: past the CSV's pass, no more than the PDFs made and one batch were asked for, and no more since.
    const askedThen = asked.statements;
    expect(askedThen - 300).toBeLessThanOrEqual(madeThen + 10);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked.statements).toBe(askedThen);
  });
});
