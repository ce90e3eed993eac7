import { describe, expect, it } from "vitest";
import {
  EMPTY,
  mailtoHref,
  formatCount,
  formatDate,
  formatMoney,
  formatPercent,
  formatShare,
  formatText,
  formatTimestampTitle,
} from "./format";

describe("formatMoney", () => {
  it("shows every digit of a long decimal, no float rounding", () => {
    expect(formatMoney("12345678901234567.89")).toBe("12,345,678,901,234,567.89");
    expect(formatMoney("0.1")).toBe("0.10");
    expect(formatMoney("1000.005")).toBe("1,000.005");
  });

  it("keeps negatives and zeros", () => {
    expect(formatMoney("-500.00")).toBe("-500.00");
    expect(formatMoney("0.0")).toBe("0.00");
    expect(formatMoney("0")).toBe("0.00");
  });

  it("takes integer-typed values", () => {
    expect(formatMoney(2500000)).toBe("2,500,000.00");
  });

  it("shows null, absent and placeholder strings as an em dash", () => {
    for (const value of [null, undefined, "", "null", "NaN", "undefined"]) expect(formatMoney(value)).toBe(EMPTY);
  });

  it("shows a value that does not parse as it came", () => {
    expect(formatMoney("about 5k")).toBe("about 5k");
    expect(formatMoney("1e+21")).toBe("1e+21");
  });
});

describe("formatPercent and formatCount", () => {
  it("keeps a percentage's digits as given", () => {
    expect(formatPercent("2.0")).toBe("2.0%");
    expect(formatPercent("0.0")).toBe("0.0%");
    expect(formatPercent(20)).toBe("20%");
    expect(formatPercent("12.3456")).toBe("12.3456%");
    expect(formatPercent(null)).toBe(EMPTY);
    expect(formatPercent("n/a")).toBe("n/a");
  });

  it("groups counts", () => {
    expect(formatCount(2140)).toBe("2,140");
    expect(formatCount("50000")).toBe("50,000");
    expect(formatCount(null)).toBe(EMPTY);
  });
});

describe("formatDate", () => {
  it("shows the UTC day, whatever the machine's zone", () => {
    expect(formatDate("2022-07-12T16:04:05.123Z")).toBe("Jul 12, 2022");
    expect(formatDate("2022-07-12T23:59:59.999Z")).toBe("Jul 12, 2022");
    expect(formatDate("2022-07-13T00:00:00.000Z")).toBe("Jul 13, 2022");
    expect(formatDate("2022-07-13T00:30:00+05:00")).toBe("Jul 12, 2022");
  });

  it("reads a date without a time as that day", () => {
    expect(formatDate("2023-01-15")).toBe("Jan 15, 2023");
  });

  it("gives the full timestamp for hover", () => {
    expect(formatTimestampTitle("2022-07-12T16:04:05.123Z")).toBe("2022-07-12 16:04:05.123 UTC");
    expect(formatTimestampTitle("soon")).toBeUndefined();
  });

  it("reads zones with or without a colon, the end of a day, and a leap day; a day that does not exist is no date", () => {
    expect(formatTimestampTitle("2022-07-12T10:00-0530")).toBe("2022-07-12 15:30:00.000 UTC");
    expect(formatTimestampTitle("2022-07-12T10:00+05")).toBe("2022-07-12 05:00:00.000 UTC");
    expect(formatTimestampTitle("2022-07-12 24:00")).toBe("2022-07-13 00:00:00.000 UTC");
    expect(formatTimestampTitle("2022-07-12T16:04:05.123456Z")).toBe("2022-07-12 16:04:05.123 UTC");
    expect(formatDate("2024-02-29")).toBe("Feb 29, 2024");
    expect(formatDate("2023-02-29")).toBe("2023-02-29");
    expect(formatDate("2022-07-12T24:00:01Z")).toBe("2022-07-12T24:00:01Z");
    expect(formatDate("2022-07-12T10:00+05:60")).toBe("2022-07-12T10:00+05:60");
  });

  it("never shows Invalid Date", () => {
    expect(formatDate("2022-13-45")).toBe("2022-13-45");
    expect(formatDate("next Tuesday")).toBe("next Tuesday");
    expect(formatDate(null)).toBe(EMPTY);
  });
});

describe("formatText", () => {
  it("trims, and shows nothing as an em dash", () => {
    expect(formatText("  Acme  ")).toBe("Acme");
    expect(formatText(null)).toBe(EMPTY);
    expect(formatText(true)).toBe("true");
  });
});

describe("mailtoHref", () => {
  it("links a plain address only", () => {
    expect(mailtoHref("ana.lee+funds@example.co.uk")).toBe("mailto:ana.lee+funds@example.co.uk");
    expect(mailtoHref(" ana@example.com ")).toBe("mailto:ana@example.com");
  });

  it.each([
    "victim@example.com?bcc=attacker@evil.example",
    "a@example.com&cc=x@evil.example",
    "a%40b@example.com",
    "a b@example.com",
    "<a@example.com>",
    "javascript:alert(1)//@example.com",
    "no-at-sign",
    "",
    null,
  ])("shows %j as text", (value) => expect(mailtoHref(value)).toBeNull());
});

describe("formatShare", () => {
  it("rounds a worked-out share to one decimal, exactly", () => {
    expect(formatShare("80.649999999999999999")).toBe("80.6%");
    expect(formatShare("1250")).toBe("1,250.0%");
    expect(formatShare("0")).toBe("0.0%");
  });

  it("says <0.1% for a share above zero that would round to nothing", () => {
    expect(formatShare("0.00000048898517743751")).toBe("<0.1%");
    expect(formatShare("0.05")).toBe("0.1%");
    expect(formatShare(null)).toBe(EMPTY);
  });
});
