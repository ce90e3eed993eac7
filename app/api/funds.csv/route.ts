import { z } from "zod";
import { apiRoute } from "@/lib/http/api-route";
import { csvQuery, fundsCsv } from "@/lib/csv/exports";
import { csvParamsOf } from "@/lib/csv/params";

// The funds of the grid's view (?sort=&q=), or every fund with ?all=1; streamed as CSV.
export const GET = apiRoute("GET /api/funds.csv", z.object({}), (_params, request, user) => fundsCsv(request, csvParamsOf(request), user), {
  query: csvQuery,
});
