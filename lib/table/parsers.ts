import { createParser } from "nuqs/server";
import { isFundRef } from "../values/fund-ref";
import { isSince } from "./since";
import type { SortState } from "./types";

// The building blocks of every table's search-params module; what a valid value is lives here, once.
const controlCharacters = /[\u0000-\u001f\u007f]/;
// Kept as a property, so it survives nuqs's withDefault and withOptions (which copy the parser).
function described<P extends object>(parser: P, text: string): P {
  return Object.assign(parser, { description: text });
}

/** What a parser accepts, in words, for the 400 answer to a value it refused. */
export function describeParser(parser: object): string {
  return (parser as { description?: string }).description ?? "a valid value";
}

/** `commitment_amount.desc`: one of the table's column ids (a literal list from its column definitions) and a direction. */
export function parseAsSort<const Id extends string>(ids: readonly Id[]) {
  const known = new Set<string>(ids);
  return described(
    createParser<SortState<Id>>({
      parse: (value) => {
        const dot = value.lastIndexOf(".");
        const id = value.slice(0, dot);
        const direction = value.slice(dot + 1);
        return known.has(id) && (direction === "asc" || direction === "desc") ? { id: id as Id, direction } : null;
      },
      serialize: (sort) => `${sort.id}.${sort.direction}`,
      eq: (a, b) => a.id === b.id && a.direction === b.direction,
    }),
    "a column id followed by .asc or .desc",
  );
}

/** Free text to search for: at most `max` characters, no control characters. */
export function parseAsSearch(max = 500) {
  return described(
    createParser<string>({
      parse: (value) => (value.length <= max && !controlCharacters.test(value) ? value : null),
      serialize: (value) => value,
    }),
    `text of at most ${max} characters without control characters`,
  ).withDefault("");
}

/**
 * A filter's values by their meaning: lower case, each once, in a fixed order (so `b,A,a` is the filter `a,b`),
 * each a short plain word; one bad value makes the whole filter invalid rather than silently dropped.
 */
export function parseAsValueSet(max = 20) {
  const word = /^[a-z0-9][a-z0-9 _-]{0,39}$/;
  return described(
    createParser<string[]>({
      parse: (value) => {
        const values = [...new Set(value.split(",").map((part) => part.trim().toLowerCase()))].sort();
        return values.length <= max && values.every((part) => word.test(part)) ? values : null;
      },
      serialize: (values) => values.join(","),
      eq: (a, b) => a.join(",") === b.join(","),
    }),
    `up to ${max} comma-separated words`,
  ).withDefault([]);
}

/** Some of a fixed list of words, each once, in the list's order. */
export function parseAsLiteralSet<const Value extends string>(values: readonly Value[]) {
  return described(
    createParser<Value[]>({
      parse: (value) => {
        const asked = new Set(value.split(",").map((part) => part.trim().toLowerCase()));
        return [...asked].every((part) => values.includes(part as Value))
          ? values.filter((known) => asked.has(known))
          : null;
      },
      serialize: (chosen) => chosen.join(","),
      eq: (a, b) => a.join(",") === b.join(","),
    }),
    `some of ${values.join(", ")}, comma-separated`,
  ).withDefault([]);
}

/** Columns on screen: ids from the table's definitions, in the table's own order, each once. */
export function parseAsColumnIds<const Id extends string>(ids: readonly Id[]) {
  return described(
    createParser<Id[]>({
      parse: (value) => {
        const asked = new Set(value.split(","));
        return [...asked].every((id) => ids.includes(id as Id)) ? ids.filter((id) => asked.has(id)) : null;
      },
      serialize: (values) => values.join(","),
      eq: (a, b) => a.join(",") === b.join(","),
    }),
    "comma-separated column ids",
  ).withDefault([]);
}

/** A whole number in [min, max] written in plain digits. */
export function parseAsWhole(min: number, max: number) {
  return described(
    createParser<number>({
      parse: (value) =>
        /^\d{1,15}$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : null,
      serialize: (value) => String(value),
    }),
    `a whole number from ${min} to ${max}`,
  );
}

/** A content digest as a list's version: SHA-256 in hex. */
export const parseAsDigest = described(
  createParser<string>({
    parse: (value) => (/^[0-9a-f]{64}$/.test(value) ? value : null),
    serialize: (value) => value,
  }),
  "a list version as the first page gave it (64 hex digits)",
);

/** Where a server-paged view's next page starts, as the page before gave it (an opaque keyset cursor). */
export const parseAsCursor = described(
  createParser<string>({
    parse: (value) => (/^[A-Za-z0-9_-]{1,4000}$/.test(value) ? value : null),
    serialize: (value) => value,
  }),
  "where the next page starts, as the page before gave it",
);

/** A yes/no switch: 1, true, 0 or false. */
export const parseAsFlag = described(
  createParser<boolean>({
    parse: (value) => (value === "1" || value === "true" ? true : value === "0" || value === "false" ? false : null),
    serialize: (value) => (value ? "1" : "0"),
  }),
  "1, true, 0 or false",
).withDefault(false);

/** One of a fixed list of words. */
export function parseAsOneOf<const Value extends string>(values: readonly Value[]) {
  return described(
    createParser<Value>({
      parse: (value) => (values.includes(value as Value) ? (value as Value) : null),
      serialize: (value) => value,
    }),
    `one of ${values.join(", ")}`,
  );
}

/** The export options every CSV route takes beside its view. */
export const exportParsers = {
  /** Every row, not only the view's. */
  all: parseAsFlag,
  /** Full tax ids and account numbers instead of the masked ones. */
  sensitive: parseAsFlag,
  /** A UTF-8 byte-order mark first, for Excel on Windows. */
  bom: parseAsFlag,
};

/** Changes since: 1d, 7d, 30d, a day (YYYY-MM-DD, from its start in UTC) or an ISO timestamp with its zone. */
export const parseAsSince = described(
  createParser<string>({ parse: (value) => (isSince(value) ? value : null), serialize: (value) => value }),
  "1d, 7d, 30d, a date (YYYY-MM-DD) or an ISO timestamp with a zone",
);

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One fund's id. */
export const parseAsFundId = described(
  createParser<string>({ parse: (value) => (uuid.test(value) ? value : null), serialize: (value) => value }),
  "a fund id (UUID)",
);

/** A fund as the dashboard links it: its id, or `source~id` with several sources. */
export const parseAsFundRef = described(
  createParser<string>({ parse: (value) => (isFundRef(value) ? value : null), serialize: (value) => value }),
  "a fund id (UUID, or source~UUID)",
);

/** An investor's id (a UUID). */
export const parseAsInvestorId = described(
  createParser<string>({ parse: (value) => (uuid.test(value) ? value : null), serialize: (value) => value }),
  "an investor id (UUID)",
);

/** An investor of the directory, by their key (22 letters, digits, - or _). */
export const parseAsInvestorKey = described(
  createParser<string>({ parse: (value) => (/^[A-Za-z0-9_-]{22}$/.test(value) ? value : null), serialize: (v) => v }),
  "an investor key (22 letters, digits, - or _)",
);
