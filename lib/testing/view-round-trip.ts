import fc from "fast-check";
import { createLoader, type inferParserType, type ParserMap } from "nuqs/server";
import { expect } from "vitest";
import { loadQuery } from "../http/query";
import { laterPageRows, pageParams } from "../query/paged";

// The property every table's search-params.ts keeps (lib/testing/search-params-coverage.test.ts checks each has it):
// what its own writer puts in a URL, its parsers read back as the same view, on an API route and a page alike.

/** One arbitrary per parser: a parser added to a table without one is a type error in its round-trip test. */
export type ViewArbitraries<P extends ParserMap> = { [K in keyof P]-?: fc.Arbitrary<inferParserType<P>[K]> };

/** A view of the table those parsers read: a record of one value per parameter. */
export function viewOf<P extends ParserMap>(_parsers: P, fields: ViewArbitraries<P>): fc.Arbitrary<inferParserType<P>> {
  return fc.record(fields as Record<string, fc.Arbitrary<unknown>>) as fc.Arbitrary<inferParserType<P>>;
}

export interface RoundTrip<P extends ParserMap, V> {
  /** The parsers that read what is written (a route's or a page's). */
  parsers: P;
  views: fc.Arbitrary<V>;
  /** The feature's own writer: a link, a file's URL or a query string. */
  write: (view: V) => string | URLSearchParams;
  /** What the parsers must read back (the view itself unless said). */
  read?: (view: V) => inferParserType<P>;
  numRuns?: number;
}

/** Serialize, then parse, gives the same view: through loadQuery (an API route, strict) and a page's loader. */
export function expectRoundTrip<P extends ParserMap, V>({
  parsers,
  views,
  write,
  read,
  numRuns = 200,
}: RoundTrip<P, V>) {
  const loadPage = createLoader(parsers);
  fc.assert(
    fc.property(views, (view) => {
      const written = write(view);
      const url = new URL(typeof written === "string" ? written : `?${written}`, "http://dash.test/path");
      const expected = read ? read(view) : view;
      expect(loadQuery(parsers, new Request(url)), url.search).toEqual(expected);
      expect(loadPage(url.searchParams), url.search).toEqual(expected);
    }),
    { numRuns },
  );
}

export interface PagesRoundTrip<P extends ParserMap, V extends object> {
  /** A page route's parsers: the view's, plus offset, limit and version. */
  parsers: P;
  views: fc.Arbitrary<V>;
  /** The view's query string, as the table writes it. */
  search: (view: V) => string;
  firstPageRows: number;
  /** The versions a first page hands out (a digest unless said), and how the route reads one back. */
  versions?: fc.Arbitrary<string>;
  readVersion?: (version: string) => unknown;
  /** What the table never writes on a page, read back at its default (refresh: false). */
  defaults?: Record<string, unknown>;
  /** The keyset cursors a page hands out (the store's views), when the view pages by them. */
  cursors?: fc.Arbitrary<string>;
}

/** A page of a view, as the table asks for it (lib/query/paged.ts), reads back as the view, its offset, limit, version. */
export function expectPagesRoundTrip<P extends ParserMap, V extends object>(options: PagesRoundTrip<P, V>) {
  const { parsers, views, search, firstPageRows, versions = arbitraries.digest(), readVersion = (v) => v } = options;
  expectRoundTrip({
    parsers,
    views: fc.record({
      view: views,
      offset: fc.nat(10_000_000),
      version: fc.option(versions),
      after: options.cursors ? fc.option(options.cursors) : fc.constant(null),
    }),
    write: ({ view, offset, version, after }) =>
      pageParams(
        search(view),
        { offset, ...(version === null ? {} : { version }), ...(after === null ? {} : { after }) },
        firstPageRows,
      ),
    read: ({ view, offset, version, after }) =>
      ({
        ...view,
        ...options.defaults,
        offset,
        limit: offset === 0 ? firstPageRows : laterPageRows,
        version: version === null ? null : readVersion(version),
        ...(options.cursors ? { after } : {}),
      }) as inferParserType<P>,
  });
}

const controlCharacters = /[\u0000-\u001f\u007f]/;

/** The values a table's parameters take, as people and links write them. */
export const arbitraries = {
  /** Free text, any script, spaces, `+`, `&`, `%` and `#` included; at most `max` UTF-16 units, no control characters. */
  search: (max = 60) =>
    fc
      .string({ unit: "grapheme", maxLength: Math.min(max, 60) })
      .filter((text) => text.length <= max && !controlCharacters.test(text)),
  /** A sort on one of the table's columns, or none. */
  sort: <const Id extends string>(ids: readonly Id[]) =>
    fc.option(fc.record({ id: fc.constantFrom(...ids), direction: fc.constantFrom("asc" as const, "desc" as const) }), {
      nil: null,
    }),
  /** A type filter by its meaning: lower-case words, each once, sorted. */
  valueSet: () =>
    fc
      .uniqueArray(fc.stringMatching(/^[a-z0-9]([a-z0-9 _-]{0,20}[a-z0-9])?$/), { maxLength: 5 })
      .map((values) => [...values].sort()),
  /** Some of a fixed list, in the list's order. */
  literalSet: <const Value extends string>(values: readonly Value[]) => fc.subarray([...values]),
  fundId: () => fc.uuid(),
  /** A real day, YYYY-MM-DD. */
  day: () =>
    fc
      .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10)),
  /** Changes since: 1d, 7d, 30d, a day or an instant with its zone (Z or ±hh:mm). */
  since: () =>
    fc.oneof(
      fc.constantFrom("1d", "7d", "30d"),
      arbitraries.day(),
      fc
        .tuple(
          fc.date({
            min: new Date("1971-01-01T00:00:00Z"),
            max: new Date("9998-12-31T00:00:00Z"),
            noInvalidDate: true,
          }),
          fc.constantFrom("Z", "+05:30", "-08:00", "+00:00"),
        )
        .map(([date, zone]) => `${date.toISOString().slice(0, 19)}${zone}`),
    ),
  /** A list's version: SHA-256 in hex. */
  digest: () => fc.stringMatching(/^[0-9a-f]{64}$/),
};
