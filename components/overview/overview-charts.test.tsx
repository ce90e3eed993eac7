import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ChartRow, TargetSeries } from "@/lib/overview/types";
import { TargetChart } from "./overview-charts";

const fund = (key: string, commitments: string | null, target: string | null): ChartRow<TargetSeries> => ({
  key,
  label: `Fund ${key}`,
  href: `/funds/${key}`,
  values: { commitments, target },
});

/** The width (in % of the plot) of a fund's bar, as drawn. */
function barWidth(html: string, key: string): number {
  const row = html.slice(html.indexOf(`href="/funds/${key}"`));
  const bar = /data-series="share"[^>]*style="[^"]*width:([\d.e-]+)%/.exec(row.slice(0, row.indexOf("</a>")));
  return bar ? Number(bar[1]) : 0;
}

describe("TargetChart", () => {
  const html = renderToStaticMarkup(
    <TargetChart
      rows={[
        fund("a", "80000000.00", "100000000.00"),
        fund("huge", "60368540.50", "12345678901234567.89"),
        fund("over", "5000.00", "1000.00"),
        fund("none", "10.00", null),
      ]}
    />,
  );

  it("draws each fund against its own target: a 12-quadrillion target leaves another fund's bar most of the way", () => {
    // 80 % of a 200 % axis (the axis is cut there, as one fund is at 500 %).
    expect(barWidth(html, "a")).toBeCloseTo(40);
    expect(barWidth(html, "huge")).toBeLessThan(0.001);
    expect(barWidth(html, "over")).toBe(100);
    expect(html).toContain("Past 200%: cut short");
  });

  it("keeps the table exact: each amount as the API gave it, and each share to one decimal", () => {
    expect(html).toContain("12,345,678,901,234,567.89");
    expect(html).toContain("60,368,540.50");
    for (const share of ["80.0%", "&lt;0.1%", "500.0%", "no target"]) expect(html).toContain(share);
  });
});
