// Parsers, loader and serializer from nuqs/server run on both sides; the hook is the browser's.
import { useQueryStates } from "nuqs";
import { createParser, createSearchParamsCache, createSerializer, debounce, type inferParserType } from "nuqs/server";
import { parseAsFlag, parseAsOneOf, parseAsSearch, parseAsWhole } from "../table/parsers";
import { auditActions } from "./types";

// The audit trail's view, defined once: /audit, its routes, its file links and query keys read and write it here.

const describedAs = <P extends object>(parser: P, description: string) => Object.assign(parser, { description });

/** A fund's or an investor's id as the dashboard links it. */
const parseAsRef = describedAs(
  createParser<string>({
    parse: (value) => (/^[A-Za-z0-9][A-Za-z0-9._:~-]{0,199}$/.test(value) ? value : null),
    serialize: (value) => value,
  }),
  "an id (letters, digits, . _ : ~ -)",
);

/** A day, YYYY-MM-DD (UTC): a real date. */
const parseAsDay = describedAs(
  createParser<string>({
    parse: (value) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
        ? value
        : null,
    serialize: (value) => value,
  }),
  "a date (YYYY-MM-DD)",
);

export const auditViewParsers = {
  /** Part of the person's email. */
  person: parseAsSearch(200),
  action: parseAsOneOf(auditActions),
  fund: parseAsRef,
  investor: parseAsRef,
  from: parseAsDay,
  to: parseAsDay,
};

export const auditRowsParsers = {
  ...auditViewParsers,
  offset: parseAsWhole(0, 10_000_000).withDefault(0),
  limit: parseAsWhole(1, 500).withDefault(100),
  /** The rows a later page is cut from, as the first page gave it. */
  version: parseAsWhole(0, 999_999_999_999_999),
};

export const auditCsvParsers = { ...auditViewParsers, bom: parseAsFlag };

export type AuditView = inferParserType<typeof auditViewParsers>;

// Made on first use, not at import: a call at module level would keep nuqs's cache code in the browser's bundle.
let viewCache: ReturnType<typeof createSearchParamsCache<typeof auditViewParsers>> | undefined;

/** The /audit page's reading of its URL (server components). */
export function auditViewCache() {
  return (viewCache ??= createSearchParamsCache(auditViewParsers));
}

const serializeView = createSerializer(auditViewParsers, { clearOnDefault: true });

/** `?person=…&action=…&fund=…&investor=…&from=…&to=…` for links, query keys and files; "" for every row. */
export function auditViewSearch(view: AuditView): string {
  return serializeView(view);
}

/** The view as the audit row of a look at it names it ("every row" when nothing is filtered). */
export function auditViewText(view: AuditView): string {
  return auditViewSearch(view) || "every row";
}

/** The audit trail's URL state in the browser: each filter a history entry. */
export function useAuditView() {
  const push = { history: "push" } as const;
  return useQueryStates({
    person: auditViewParsers.person.withOptions({ history: "replace", limitUrlUpdates: debounce(300) }),
    action: auditViewParsers.action.withOptions(push),
    fund: auditViewParsers.fund.withOptions(push),
    investor: auditViewParsers.investor.withOptions(push),
    from: auditViewParsers.from.withOptions(push),
    to: auditViewParsers.to.withOptions(push),
  });
}
