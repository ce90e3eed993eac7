import { z } from "zod";
import { globalSearch } from "@/lib/directory/server/reads";
import { apiRoute } from "@/lib/auth/api-route";
import { parseAsSearch } from "@/lib/table/parsers";

// The header's search: funds and investors matching ?q=, at most 8 of each, best first.
export const GET = apiRoute("GET /api/search", z.object({}), { q: parseAsSearch(200) }, ({ query, user }) =>
  globalSearch(user, query.q),
);
