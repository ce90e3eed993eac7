import Big from "big.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateOf, exactDouble, exactFraction, xlsxCell } from "./cell.mjs";
import { sheetName } from "./sheet-name";
import { xlsxUrl } from "./url";

describe("exactDouble", () => {
  it("converts a decimal a double holds exactly, whatever its trailing zeros", () => {
    expect(exactDouble("1000.50")).toBe(1000.5);
    expect(exactDouble("-500.00")).toBe(-500);
    expect(exactDouble("0.1")).toBe(0.1);
    expect(exactDouble("999999999999999")).toBe(999_999_999_999_999);
    expect(exactDouble("1234567890123.45")).toBe(1_234_567_890_123.45);
  });

  it("refuses more than 15 significant digits, and anything that is not a plain decimal", () => {
    for (const text of ["12345678901234567.89", "9007199254740993", "0.1234567890123456", "1e5", "1,000", " 1", ""])
      expect(exactDouble(text)).toBeNull();
  });
});

describe("exactDouble and exactFraction against big.js on every decimal", () => {
  // The reference: the double, written back as a decimal, equals the string, with at most 15 significant digits.
  const reference = (decimal: string) => {
    const exact = new Big(decimal);
    const double = Number(decimal);
    return exact.c.length <= 15 && Number.isFinite(double) && new Big(double).eq(exact) ? double : null;
  };
  const decimal = fc
    .tuple(fc.boolean(), fc.stringMatching(/^\d{1,22}$/), fc.option(fc.stringMatching(/^\d{1,22}$/)))
    .map(([negative, whole, fraction]) => `${negative ? "-" : ""}${whole}${fraction === null ? "" : `.${fraction}`}`);

  it("agree with the reference", () => {
    fc.assert(
      fc.property(decimal, (text) => {
        expect(exactDouble(text)).toBe(reference(text));
        expect(exactFraction(text)).toBe(reference(new Big(text).div(100).toFixed()));
      }),
      { numRuns: 20_000 },
    );
  });
});

describe("exactFraction", () => {
  it("turns percent points into the fraction a percent format shows", () => {
    expect(exactFraction("12.5")).toBe(0.125);
    expect(exactFraction("2.0")).toBe(0.02);
    expect(exactFraction("100")).toBe(1);
  });

  it("refuses a fraction a double cannot hold exactly", () => {
    expect(exactFraction("12.3456789012345678")).toBeNull();
    expect(exactFraction("abc")).toBeNull();
  });
});

describe("dateOf", () => {
  it("reads days and timestamps as UTC", () => {
    expect(dateOf("2024-02-29")).toEqual({ value: new Date(Date.UTC(2024, 1, 29)), format: "date" });
    expect(dateOf("2024-03-01T10:20:30Z")?.value.toISOString()).toBe("2024-03-01T10:20:30.000Z");
    expect(dateOf("2024-03-01T10:20:30+02:00")?.value.toISOString()).toBe("2024-03-01T08:20:30.000Z");
    expect(dateOf("2024-03-01T10:20:30")).toMatchObject({ format: "timestamp" });
  });

  it("leaves what is not a real date alone", () => {
    for (const text of ["2023-02-29", "2024-13-01", "soon", "03/01/2024"]) expect(dateOf(text)).toBeNull();
  });
});

describe("xlsxCell", () => {
  it("makes an exact amount a number and an inexact one text holding the exact string", () => {
    expect(xlsxCell("1000.50", "money")).toEqual({ type: "number", value: 1000.5, format: "money" });
    expect(xlsxCell("12345678901234567.89", "money")).toEqual({ type: "text", value: "12345678901234567.89" });
  });

  it("keeps negative decimals numbers but formula-looking text text, exactly as sent", () => {
    expect(xlsxCell("-500.00", "money")).toEqual({ type: "number", value: -500, format: "money" });
    for (const text of ["=1+1", "+1 617 555 0100", "-cmd|' /C calc'!A0", "@SUM(A1)", '=HYPERLINK("x")']) {
      expect(xlsxCell(text, "money")).toEqual({ type: "text", value: text });
      expect(xlsxCell(text, "text")).toEqual({ type: "text", value: text });
    }
  });

  it("keeps ids, tax ids and account numbers as text with their leading zeros", () => {
    expect(xlsxCell("000123456789", "text")).toEqual({ type: "text", value: "000123456789" });
    expect(xlsxCell("02139")).toEqual({ type: "text", value: "02139" });
  });

  it("types percentages, counts and dates, and leaves null and empty cells empty", () => {
    expect(xlsxCell("12.5", "percent")).toEqual({ type: "number", value: 0.125, format: "percent" });
    expect(xlsxCell(42, "count")).toEqual({ type: "number", value: 42, format: "count" });
    expect(xlsxCell("2024-01-15", "date")).toEqual({
      type: "date",
      value: new Date("2024-01-15T00:00:00Z"),
      format: "date",
    });
    expect(xlsxCell("not a date", "date")).toEqual({ type: "text", value: "not a date" });
    for (const value of [null, undefined, ""]) expect(xlsxCell(value, "money")).toEqual({ type: "empty" });
  });
});

describe("sheetName", () => {
  it("drops what Excel refuses and keeps 31 characters", () => {
    expect(sheetName("Q1/Q2: [draft]*?\\ fund")).toBe("Q1 Q2 draft fund");
    expect(sheetName("A fund with a very long name indeed investors")).toHaveLength(31);
    expect(sheetName(" :: ")).toBe("Sheet1");
  });
});

describe("xlsxUrl", () => {
  it("is the CSV route's twin with the same parameters", () => {
    expect(xlsxUrl("/api/funds.csv?sort=name.asc&all=1")).toBe("/api/funds.xlsx?sort=name.asc&all=1");
    expect(xlsxUrl("/api/funds/abc/investors.csv")).toBe("/api/funds/abc/investors.xlsx");
  });
});
