import { createParser, createSerializer } from "nuqs/server";

// What GET /api/views is asked: the page whose views to list.

/** A page's path: /outstanding, /funds/{fundId}, …: letters, digits, - _ ~ and slashes, at most 300 characters. */
const parseAsPagePath = Object.assign(
  createParser<string>({
    parse: (value) => (/^\/[A-Za-z0-9/_~-]{0,299}$/.test(value) ? value : null),
    serialize: (value) => value,
  }),
  { description: "a table page's path, such as /outstanding" },
);

export const viewsQueryParsers = { page: parseAsPagePath };

const serialize = createSerializer(viewsQueryParsers);

/** GET /api/views's URL for a page. */
export function viewsUrl(page: string): string {
  return serialize("/api/views", { page });
}
