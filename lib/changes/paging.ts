import type { ChangesPageInfo, FundChanges } from "./types";

// /changes in pages: the view's funds in their order, each fund's investors one line each (a fund with none, its
// own line), cut into pages of a few hundred lines, so a page costs what it shows and every change is on one.

export const changesPageSize = 200;

const linesOf = (fund: FundChanges) => Math.max(1, fund.investors.length);

/** The funds of page `number` (from 1; past the last, none), a fund cut across pages marked with its `part`. */
export function pageOfChanges(
  funds: readonly FundChanges[],
  number: number,
  size = changesPageSize,
): { funds: FundChanges[]; page: ChangesPageInfo } {
  const lines = funds.reduce((sum, fund) => sum + linesOf(fund), 0);
  const start = (number - 1) * size;
  const end = start + size;
  const shown: FundChanges[] = [];
  let offset = 0;
  for (const fund of funds) {
    const count = linesOf(fund);
    const [from, to] = [Math.max(start, offset) - offset, Math.min(end, offset + count) - offset];
    offset += count;
    if (from >= to) {
      if (offset >= end) break;
      continue;
    }
    if (fund.investors.length <= to - from) shown.push(fund);
    else {
      const of = fund.investors.length;
      // A fund's own figures go with its first part; its counts stay the whole fund's on each.
      const figures = from === 0 ? fund.figures : [];
      shown.push({ ...fund, figures, investors: fund.investors.slice(from, to), part: { from, to, of } });
    }
  }
  return { funds: shown, page: { number, pages: Math.max(1, Math.ceil(lines / size)), size, lines } };
}

/** The days of a page's funds, newest first, each day's funds in the page's order. */
export function byDay(funds: readonly FundChanges[]): { day: string; funds: FundChanges[] }[] {
  const days = new Map<string, FundChanges[]>();
  for (const fund of funds) {
    const day = fund.after.readAt.slice(0, 10);
    const list = days.get(day);
    if (list) list.push(fund);
    else days.set(day, [fund]);
  }
  return [...days].map(([day, dayFunds]) => ({ day, funds: dayFunds }));
}
