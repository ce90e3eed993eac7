import { z } from "zod";
import { apiRoute } from "@/lib/auth/api-route";
import { outstandingRowsParsers } from "@/lib/outstanding/search-params";
import { outstandingPage } from "@/lib/outstanding/server/reads";

// Every position with capital outstanding (?fund=&overdue=&sort=&offset=&limit=&after=), overdue first, exact totals.
export const GET = apiRoute("GET /api/outstanding", z.object({}), outstandingRowsParsers, ({ query, user }) => {
  const { offset, limit, version, after, refresh, ...view } = query;
  return outstandingPage(user, view, offset, limit, { version, after, refresh });
});
