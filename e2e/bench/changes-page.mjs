// The changes scenario's browser part: /changes on a warm server, navigation → the first change painted.
import { launchBrowser, visits } from "./browser-session.mjs";
import { result, round } from "./measure.mjs";

const SCENARIO = "10 changes";
const TARGET_MS = 500;
// The first change of the first fund on the page: a line of its figures or of its investors.
const PAGE = { rows: "article[data-fund] li", ready: "article[data-fund]" };

/** /changes in Chromium on the warm server: navigation → the first change painted (the default since, then 30d). */
export async function pageVisits({ app, runs, warmup, log }) {
  const browser = await launchBrowser();
  const out = [];
  try {
    for (const [search, target] of [
      ["", TARGET_MS],
      ["?since=30d", null],
    ]) {
      const { marks, open } = await visits(browser, `${app.url}/changes${search}`, PAGE, runs + warmup);
      await open?.context.close();
      out.push(
        result({
          id: `changes.page${search ? ".30d" : ""}`,
          scenario: SCENARIO,
          name: `/changes${search}: navigation → first changes painted, warm server`,
          unit: "ms",
          runs: marks.slice(warmup).map((mark) => round(mark.rowsFrame)),
          warmup: marks.slice(0, warmup).map((mark) => round(mark.rowsFrame)),
          target: target && { op: "<=", value: target },
          extra: { marks },
        }),
      );
      log(`  /changes${search}: first changes painted ${out.at(-1).median} ms`);
    }
  } finally {
    await browser.close();
  }
  return out;
}
