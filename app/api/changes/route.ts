import { z } from "zod";
import { changesViewParsers } from "@/lib/changes/search-params";
import { organizationChanges } from "@/lib/changes/server/changes";
import { apiRoute } from "@/lib/http/api-route";

// The organization's changes since a moment (?since=&kind=&fund=&q=), from the kept reads, newest day first.
export const GET = apiRoute("GET /api/changes", z.object({}), changesViewParsers, ({ query, user }) =>
  organizationChanges(user, query),
);
