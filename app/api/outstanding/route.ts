import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { outstandingRowsParsers } from "@/lib/outstanding/search-params";
import { outstandingPage } from "@/lib/outstanding/server/reads";

// Every position with capital outstanding (?fund=&overdue=&sort=&offset=&limit=), overdue first, with exact totals.
export const GET = apiRoute("GET /api/outstanding", z.object({}), outstandingRowsParsers, ({ query, user }) => {
  const { offset, limit, version, ...view } = query;
  return outstandingPage(user, view, offset, limit, version);
});
