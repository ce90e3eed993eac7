import { z } from "zod";
import { changesPageParsers } from "@/lib/changes/search-params";
import { organizationChanges } from "@/lib/changes/server/changes";
import { apiRoute } from "@/lib/auth/api-route";

// The organization's changes since a moment (?since=&kind=&fund=&q=&page=), a page at a time, newest day first.
export const GET = apiRoute("GET /api/changes", z.object({}), changesPageParsers, ({ query, user }) =>
  organizationChanges(user, query),
);
