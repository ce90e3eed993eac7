import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CapitalOutstanding } from "./aggregates-panel";

const fundId = "0d6c3f1e-8a4b-4c2d-9e7f-123456789abc";
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("the Aggregates panel's capital outstanding", () => {
  it("counts positions and days with separators, each noun as its count asks", () => {
    const many = { total: "1234567.50", positions: 2000, capital_due_date: null, overdue: true, daysOverdue: 1 };
    expect(text(renderToStaticMarkup(<CapitalOutstanding fundId={fundId} outstanding={many} />))).toBe(
      "1,234,567.50 (2,000 positions, overdue 1 day)",
    );
    const one = { total: "10.00", positions: 1, capital_due_date: null, overdue: true, daysOverdue: 1202 };
    expect(text(renderToStaticMarkup(<CapitalOutstanding fundId={fundId} outstanding={one} />))).toBe(
      "10.00 (1 position, overdue 1,202 days)",
    );
  });
});
