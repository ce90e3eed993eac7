import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DirectoryProgress } from "@/lib/directory/types";
import { DirectoryStatus } from "./directory-status";

const render = (progress: DirectoryProgress, complete = false, kept: string | null = null) =>
  renderToStaticMarkup(
    <DirectoryStatus
      progress={progress}
      complete={complete}
      kept={kept}
      failedFunds={[]}
      failedCount={0}
      onRetry={() => {}}
      retrying={false}
    />,
  );

describe("DirectoryStatus", () => {
  it("says how far the funds' reads have come, and that the list is incomplete", () => {
    const html = render({ read: 50, total: 2000 });
    expect(html).toContain("Reading investors: 50 of 2,000 funds.");
    expect(html).toContain("The list below is incomplete until every fund is read.");
  });

  it("says funds are being read live otherwise", () => {
    expect(render({ read: 1200, total: 2000 })).toContain("Reading investors: 1,200 of 2,000 funds.");
  });

  it("says a whole directory served from kept reads is refreshing, as of its oldest read", () => {
    const html = render({ read: 2000, total: 2000 }, true, "2026-11-27T09:05:00.000Z");
    expect(html).toContain("As of");
    expect(html).toContain("Nov 27, 09:05 UTC");
    expect(html).not.toContain("incomplete");
  });
});
