import { z } from "zod";
import { directoryRowsParsers } from "@/lib/directory/search-params";
import { directoryPage } from "@/lib/directory/server/reads";
import { apiRoute } from "@/lib/auth/api-route";
import { inPersonLane } from "@/lib/server/fair-share";

// A page of the organization's investor directory (?sort=&q=&type=&offset=&limit=&after=), with its progress.
export const GET = apiRoute("GET /api/investors", z.object({}), directoryRowsParsers, ({ query, user }) => {
  const { offset, limit, refresh, version, after, ...view } = query;
  return inPersonLane(user.email, () => directoryPage(user, view, offset, limit, { refresh, version, after }));
});
