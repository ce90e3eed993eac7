import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { History } from "@/lib/history/types";
import { HistoryView } from "./history-view";

const fields = [{ key: "contributed_amount", label: "Contributed" }];
const point = (at: string, value: string | null) => ({ at, values: { contributed_amount: value } });
const render = (history?: History, error?: string) =>
  renderToStaticMarkup(<HistoryView label="History" history={history} error={error} note="One row per read." />);

describe("HistoryView", () => {
  it("says why history is unavailable", () => {
    expect(render(undefined, "History unavailable: the store is not open")).toContain(
      '<p role="alert">History unavailable: the store is not open</p>',
    );
  });

  it("says where history starts, with the single row and no chart", () => {
    const html = render({ fields, points: [point("2026-11-20T02:00:00.000Z", "12345678901234567.89")] });
    expect(html).toContain("History starts Nov 20 02:00 UTC: one kept read so far.");
    expect(html).toContain("12,345,678,901,234,567.89");
    expect(html).not.toContain("<svg");
  });

  it("draws a hidden chart over the exact table", () => {
    const points = [point("2026-11-20T02:00:00.000Z", "0.00"), point("2026-11-21T02:00:00.000Z", "10000.10")];
    const html = render({ fields, points });
    expect(html).toMatch(/<div aria-hidden="true"[^>]*><svg/);
    expect(html.match(/<th scope="row"/g)).toHaveLength(2);
    expect(html).toContain('<td class="py-1 pr-3 text-right">10,000.10</td>');
    expect(html).toContain("2026-11-21 02:00:00 UTC");
  });
});
