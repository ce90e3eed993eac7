import { createParser, createSearchParamsCache, createSerializer, type inferParserType } from "nuqs/server";
import { BadRequest } from "../http/errors";
import { parseAsSort, parseAsWhole } from "../table/parsers";
import { datesPeriod, dayStart, lastClosedQuarter, namedPeriod, type Period } from "./periods";

// The statements' views, defined once: the investor page's Statement section, the fund's statements page and every
// statement file read the period here (`period=2026-Q3` or `2026`, or `from` and `to` dates).

const described = <P extends object>(parser: P, text: string): P => Object.assign(parser, { description: text });

const parseAsPeriodKey = described(
  createParser<string>({ parse: (value) => (namedPeriod(value) ? value : null), serialize: (value) => value }),
  "a quarter (2026-Q3) or a year (2026)",
);
const parseAsDay = described(
  createParser<string>({ parse: (value) => (dayStart(value) ? value : null), serialize: (value) => value }),
  "a date (YYYY-MM-DD)",
);

/** The period of a statement or of a fund's statements. */
export const periodParsers = { period: parseAsPeriodKey, from: parseAsDay, to: parseAsDay };
export type PeriodQuery = inferParserType<typeof periodParsers>;

export const statementSortIds = ["name", "closing_nav", "contributions", "distributions"] as const;
export type StatementSortId = (typeof statementSortIds)[number];

/** A fund's statements page: the period, the sort, which page of 100. */
export const statementsPageParsers = {
  ...periodParsers,
  sort: parseAsSort(statementSortIds).withDefault({ id: "name", direction: "asc" }),
  page: parseAsWhole(1, 100_000).withDefault(1),
};
export type StatementsPageView = inferParserType<typeof statementsPageParsers>;

/** The period a query names; none named is the last closed quarter. A period and dates at once, or half a range, 400. */
export function periodOf(query: PeriodQuery, now = new Date()): Period {
  const { period, from, to } = query;
  if (period && (from || to)) throw new BadRequest("Give either period or from and to, not both.");
  if (period) return namedPeriod(period)!;
  if (from || to) {
    if (!from || !to) throw new BadRequest("Give both from and to (YYYY-MM-DD), or a period.");
    const range = datesPeriod(from, to);
    if (!range) throw new BadRequest("to must be the same day as from or later.");
    return range;
  }
  return lastClosedQuarter(now);
}

/** The period a page's URL names, or the last closed quarter when it names none or a bad one (pages ignore bad input). */
export function pagePeriod(query: PeriodQuery, now = new Date()): Period {
  try {
    return periodOf(query, now);
  } catch {
    return lastClosedQuarter(now);
  }
}

let pageCache: ReturnType<typeof createSearchParamsCache<typeof statementsPageParsers>> | undefined;
/** The fund's statements page's reading of its URL. */
export function statementsPageCache() {
  return (pageCache ??= createSearchParamsCache(statementsPageParsers));
}

const serializePeriod = createSerializer(periodParsers);
const serializePage = createSerializer(statementsPageParsers, { clearOnDefault: true });

/** `?period=2026-Q3` or `?from=…&to=…` for a period's links and files. */
export function periodSearch(period: Period): string {
  const named = namedPeriod(period.key);
  return named ? serializePeriod({ period: period.key }) : serializePeriod({ from: period.from, to: period.to });
}

/** A link to the fund's statements page: the period, the sort, the page. */
export function statementsPageSearch(period: Period, view: Pick<StatementsPageView, "sort" | "page">): string {
  const named = namedPeriod(period.key);
  return serializePage({
    ...(named ? { period: period.key } : { from: period.from, to: period.to }),
    sort: view.sort,
    page: view.page,
  });
}
