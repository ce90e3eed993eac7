import { createLoader, type inferParserType, type ParserMap } from "nuqs/server";
import { describeParser } from "../table/parsers";
import { BadRequest } from "./errors";

/** An empty value means what an absent one does (`?sort=` is no sort), on every route and page alike. */
export function withoutEmptyValues(search: URLSearchParams): URLSearchParams {
  return new URLSearchParams([...search].filter(([, value]) => value !== ""));
}

// The parser's own verdict, before any default stands in for a refused value.
function parsed(parser: ParserMap[string], value: string): unknown {
  try {
    return (parser as { parse: (value: string) => unknown }).parse(value);
  } catch {
    return null;
  }
}

/**
 * The one check of an API route's query string: a parameter the route does not take, one given twice, or a value
 * its parser refuses is a 400 naming it, before any work or upstream call. (Pages ignore what they do not know.)
 */
export function loadQuery<P extends ParserMap>(parsers: P, request: Request): inferParserType<P> {
  const search = new URL(request.url).searchParams;
  const keys = [...search.keys()];
  const unknown = keys.find((key) => !Object.hasOwn(parsers, key));
  if (unknown !== undefined) throw new BadRequest(`Unknown query parameter "${unknown.slice(0, 40)}".`);
  const repeated = keys.find((key, index) => keys.indexOf(key) !== index);
  if (repeated !== undefined) throw new BadRequest(`The parameter "${repeated}" is given more than once.`);
  const present = withoutEmptyValues(search);
  for (const [key, parser] of Object.entries(parsers)) {
    const value = present.get(key);
    if (value !== null && parsed(parser, value) === null)
      throw new BadRequest(`The parameter "${key}" must be ${describeParser(parser)}.`);
  }
  return createLoader(parsers)(present);
}
